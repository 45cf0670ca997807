// Document-level text of the OpenAPI document: its introduction, tag introductions, licence, and
// the one client error Node's HTTP server gives any route. Redocly's recommended lint asks for each.
/** What each tag groups, shown as its section's introduction in the reference. */
export const TAG_DESCRIPTIONS: Record<string, string> = {
  Universities:
    'Universities of the catalog. Soft delete hides one (and everything under it) from anonymous and normal callers.',
  Branches: 'Branches (departments) of a university.',
  Semesters: 'Semesters of a branch, numbered 1 to 12.',
  Subjects: 'The global list of subjects, shared by every university.',
  'Subject offerings':
    'A subject taught in one university, branch and semester (and regulation): the unit papers and syllabi belong to.',
  Syllabus:
    "An offering's syllabus: its modules and their topics, which questions are filed under.",
  Papers:
    'Previous-year exam papers. Anonymous and normal callers see approved papers only; admins change the status.',
  Questions: 'Questions of a paper, optionally placed in a syllabus module and topic.',
  Solutions: 'Solutions to questions, written by users, and the votes on them.',
  Users: 'Users, created on first sight from their token; admins manage roles and deactivation.',
  Search:
    'Ranked search over questions, papers and subjects, with facets; hidden content never appears.',
  Health: 'Liveness and database status, for monitors and the hosting platform. Not rate limited.',
  Documentation: 'This document and its interactive reference.',
};

/**
 * The terms the API is offered under: no open licence has been granted, so it is proprietary
 * (an SPDX `LicenseRef-` identifier, as SPDX has no id for "all rights reserved").
 */
export const API_LICENSE = {
  name: 'Proprietary: all rights reserved',
  identifier: 'LicenseRef-Proprietary',
};

/**
 * Node's HTTP server refuses request headers over its 16 KiB limit with 431 and no body, before
 * any route runs: the one client error the health routes (which read nothing else) can answer.
 */
export const HEADERS_TOO_LARGE = {
  431: {
    description:
      'Request headers over 16 KiB: refused by the HTTP server before the route runs, without a body.',
  },
};

/** The document's introduction: what the API is, and the rules every route shares. */
export const API_DESCRIPTION = `
The catalog of previous-year exam question papers: universities, branches, semesters, subjects,
subject offerings with their syllabus (modules and topics), papers, questions and solutions.

## Authentication
Send \`Authorization: Bearer <token>\` (a Clerk session JWT; locally, a development token from
\`npm run token -- --sub me --role admin\`). Reads of the catalog are public; writes need a role
(see each operation). A user is created with role \`normal\` on first sight. A deactivated account
gets 403 on every operation that needs authentication and is served as anonymous on public reads.
An invalid or expired token is refused with 401 on every operation, public ones included.

## Responses
- Success: \`{"success": true, "data": ...}\`; create answers 201 with a \`Location\` header, read
  and update 200, delete 204 without a body.
- Lists: \`{"success": true, "data": [...], "pagination": {page, limit, total, totalPages, hasNextPage, hasPrevPage}}\`,
  with \`page\` >= 1 (default 1) and \`limit\` 1..100 (default 20).
- Resources carry \`id\`, \`createdAt\` and \`updatedAt\` (ISO 8601).
- Errors: \`{"success": false, "error": {message, code, requestId, details?}}\`; \`requestId\` is the
  request's \`X-Request-Id\`.
- Reads carry a strong \`ETag\`; send it back in \`If-None-Match\` to get 304 (a 304 is not
  counted by the rate limit).
- Anonymous reads of the catalog carry \`Cache-Control: public, max-age=0, s-maxage=60,
  stale-while-revalidate=300\` (s-maxage is \`CACHE_S_MAXAGE\`) and \`Surrogate-Key\`: the ids
  of the records in the answer and of those they reference, and \`list:<Kind>\` for a list. A
  shared cache keeps them; every write purges the keys it touched. Signed-in answers carry
  \`Cache-Control: private, no-cache\`, errors \`no-store\`.

## Input
Bodies are JSON (\`Content-Type: application/json\`, at most 100 kB by default). Unknown body
fields, query parameters given twice (\`?type=mcq&type=long\`) and bracketed keys (\`search[$ne]=x\`)
are refused with 400. \`search\` matches a literal, case-insensitive substring.

## Limits
Every route but health counts against a rate limit (100 requests per 15 minutes by default), a
signed-in caller's by user and anyone else's by client address (an invalid token's too);
responses carry \`X-RateLimit-Limit\`, \`X-RateLimit-Remaining\` and \`X-RateLimit-Reset\`
(Unix seconds), and 429 carries \`Retry-After\` (seconds).
`.trim();

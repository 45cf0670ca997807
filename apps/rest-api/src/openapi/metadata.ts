// Document-level text of the OpenAPI document: tag introductions, licence, and the one client
// error Node's HTTP server gives any route. Redocly's recommended lint asks for each.
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

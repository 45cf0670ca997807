// What Schemathesis needs to judge "a schema-valid request is accepted" fairly: resources that
// exist for the ids a body refers to. A schema says an id is 24 hexadecimal characters; that the
// university behind it exists and is active is a fact of the data, which no schema can state
// (the contract answers 400 for a body naming something missing). So the fuzzer's bodies refer
// to one consistent set of resources made here, and its deletes of a university hit a spare one.

import { fileURLToPath } from 'node:url';

/**
 * The REST run's hooks (schemathesis_rest_hooks.py: an anonymous request's Idempotency-Key is
 * 400, not 401), as Schemathesis loads them: the folder on PYTHONPATH, the name in SCHEMATHESIS_HOOKS.
 */
export const REST_HOOKS = {
  pythonPath: fileURLToPath(new URL('.', import.meta.url)),
  module: 'schemathesis_rest_hooks',
};

export interface Fixtures {
  universityId: string;
  spareUniversityId: string;
  spareUserId: string;
  branchId: string;
  semesterId: string;
  subjectId: string;
  subjectOfferingId: string;
  moduleId: string;
  topicId: string;
  paperId: string;
  questionId: string;
}

async function send(
  baseUrl: string,
  token: string,
  method: string,
  path: string,
  body: unknown,
): Promise<{ id: string }> {
  const res = await fetch(`${baseUrl}/api/v1${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as { data?: { id: string } };
  if (!res.ok || !json.data)
    throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
  return json.data;
}

/**
 * One resource of each kind, each under the one before (so any combination of their ids is
 * consistent), an approved paper, and a solution under its question (so the question, its
 * topic and module are never deleted: a delete with dependents is refused).
 */
export async function makeFixtures(
  baseUrl: string,
  token: string,
  spareToken: (sub: string) => Promise<string>,
): Promise<Fixtures> {
  const post = (path: string, body: unknown) => send(baseUrl, token, 'POST', path, body);
  const university = await post('/universities', { name: 'Fuzz University', shortName: 'FU' });
  const spare = await post('/universities', { name: 'Fuzz Spare University', shortName: 'FS' });
  const branch = await post('/branches', { universityId: university.id, name: 'Fuzz Branch' });
  const semester = await post('/semesters', { branchId: branch.id, number: 1 });
  const subject = await post('/subjects', { name: 'Fuzz Subject' });
  const offering = await post('/subject-offerings', {
    universityId: university.id,
    branchId: branch.id,
    semesterId: semester.id,
    subjectId: subject.id,
  });
  await post('/syllabus', { subjectOfferingId: offering.id });
  const module = await post('/modules', { subjectOfferingId: offering.id, title: 'Fuzz Module' });
  const topic = await post('/topics', { moduleId: module.id, title: 'Fuzz Topic' });
  const paper = await post('/papers', {
    subjectOfferingId: offering.id,
    examYear: 2020,
    examType: 'end-term',
  });
  // Approved before its question is added: an empty paper needs force.
  await send(baseUrl, token, 'PATCH', `/papers/${paper.id}/status`, {
    status: 'approved',
    force: true,
  });
  const question = await post('/questions', {
    paperId: paper.id,
    text: 'Fuzz question',
    type: 'long',
    difficulty: 'easy',
    moduleId: module.id,
    topicId: topic.id,
  });
  await post('/solutions', { questionId: question.id, content: 'Fuzz solution' });
  // A user exists once it has been seen with a token.
  const spareUser = 'fuzz_spare_user';
  const seen = await fetch(`${baseUrl}/api/v1/users/me`, {
    headers: { authorization: `Bearer ${await spareToken(spareUser)}` },
  });
  if (!seen.ok) throw new Error(`GET /users/me as ${spareUser}: ${seen.status}`);
  return {
    universityId: university.id,
    spareUniversityId: spare.id,
    spareUserId: spareUser,
    branchId: branch.id,
    semesterId: semester.id,
    subjectId: subject.id,
    subjectOfferingId: offering.id,
    moduleId: module.id,
    topicId: topic.id,
    paperId: paper.id,
    questionId: question.id,
  };
}

/** Fields that name another resource (REST bodies, GraphQL arguments and inputs): pinned to the fixture of that kind. */
export const REFERENCES = [
  'universityId',
  'branchId',
  'semesterId',
  'subjectId',
  'subjectOfferingId',
  'moduleId',
  'topicId',
  'paperId',
  'questionId',
] as const;

/** Collections whose create body names another resource (an id the schema cannot vouch for). */
const REFERRING = [
  'branches',
  'semesters',
  'subject-offerings',
  'syllabus',
  'modules',
  'topics',
  'papers',
  'questions',
  'solutions',
];

/**
 * Updates whose body names another resource (PATCH /questions/{id} has an exception of its own).
 * Their operations are named ("METHOD path"), as Schemathesis labels them.
 */
const REFERRING_UPDATES = ['PATCH /api/v1/branches/{id}', 'PATCH /api/v1/semesters/{id}'];

/** Schemathesis' default statuses for accepted data, plus the contract's 400. */
const WITH_400 = '["2xx", "3xx", "400", "401", "403", "404", "409", "429", "5xx"]';

/**
 * For a create: the documented 422 IDEMPOTENCY_KEY_REUSED too. The fuzzer draws Idempotency-Key
 * values from their schema and may draw one it used for another body (the earlier use is state
 * the schema cannot show).
 */
const CREATE_STATUSES = '["2xx", "3xx", "401", "403", "404", "409", "422", "429", "5xx"]';
const CREATE_STATUSES_WITH_400 =
  '["2xx", "3xx", "400", "401", "403", "404", "409", "422", "429", "5xx"]';
const FROM_PDF_STATUSES =
  '["2xx", "3xx", "400", "401", "403", "404", "409", "413", "415", "422", "429", "5xx"]';

/** Collections whose POST creates and names no other resource. */
const SELF_CONTAINED = ['universities', 'subjects'];

/** schemathesis.toml: body references pinned to the fixtures, and the exceptions it allows. */
export function schemathesisConfig(fixtures: Fixtures): string {
  const references = REFERENCES.map((field) => `"body.${field}" = "${fixtures[field]}"`);
  return [
    '# Written by schemathesis.test.ts for one run. Every id a body refers to names an existing',
    '# resource, so a schema-valid body must be accepted.',
    '# A schema-violating body may also be refused for its size (BODY_LIMIT): 413 is a rejection.',
    'checks.negative_data_rejection.expected-statuses = ["400", "401", "403", "404", "405", "406", "409", "413", "415", "422", "428", "429", "5xx"]',
    '',
    '# Each [[operations]] entry names its operations ("METHOD path"): an entry with both',
    '# include-path and include-method matches every operation of that method (Schemathesis 4.32).',
    '',
    '[parameters]',
    ...references,
    '',
    '# A university the fuzzer soft-deletes or deactivates is the spare one: the referenced one',
    '# stays active (soft delete refuses nothing, so nothing else would keep it).',
    '[[operations]]',
    'include-name = ["PATCH /api/v1/universities/{slugOrId}", "DELETE /api/v1/universities/{slugOrId}"]',
    `parameters = { "path.slugOrId" = "${fixtures.spareUniversityId}" }`,
    '',
    '# A user the fuzzer changes is a spare one: the admin it runs as is never demoted (by making',
    '# another admin first), so every operation keeps running with admin rights.',
    '[[operations]]',
    'include-name = "PATCH /api/v1/users/{externalId}"',
    `parameters = { "path.externalId" = "${fixtures.spareUserId}" }`,
    '',
    '# The coverage phase builds bodies from the schema alone (the body parameters above do not',
    '# reach it), so its ids name nothing. The stateful phase replaces one reference of a body with',
    '# the id a previous response returned (a new module as moduleId, a new branch as branchId) and',
    '# keeps the pinned others, so the references no longer agree (a topic of another module, a',
    '# semester of another branch). For the operations whose body refers to another resource, and',
    "# only in those two phases, the contract's 400 for a missing or mismatched reference is accepted.",
    '[[operations]]',
    `include-name-regex = "^POST /api/v1/(${REFERRING.join('|')})$"`,
    `checks.positive_data_acceptance.expected-statuses = ${CREATE_STATUSES}`,
    `phases.coverage.checks.positive_data_acceptance.expected-statuses = ${CREATE_STATUSES_WITH_400}`,
    `phases.stateful.checks.positive_data_acceptance.expected-statuses = ${CREATE_STATUSES_WITH_400}`,
    '',
    '# The same for the updates whose body names another resource (a branch moved to another',
    '# university, a semester to another branch).',
    '[[operations]]',
    `include-name = [${REFERRING_UPDATES.map((name) => `"${name}"`).join(', ')}]`,
    `phases.coverage.checks.positive_data_acceptance.expected-statuses = ${WITH_400}`,
    `phases.stateful.checks.positive_data_acceptance.expected-statuses = ${WITH_400}`,
    '',
    '# One path template serves the slug read (GET) and the id writes (PATCH, DELETE) of papers,',
    "# subjects and universities. The stateful phase fills a write's {slugOrId} with a slug it read",
    "# from an earlier response; the contract's 400 for a write by anything but an id answers it.",
    '[[operations]]',
    'include-name-regex = "^(PATCH|DELETE) /api/v1/(papers|subjects)/[{]slugOrId[}]$"',
    `phases.stateful.checks.positive_data_acceptance.expected-statuses = ${WITH_400}`,
    '',
    '[[operations]]',
    `include-name-regex = "^POST /api/v1/(${SELF_CONTAINED.join('|')})$"`,
    `checks.positive_data_acceptance.expected-statuses = ${CREATE_STATUSES}`,
    '',
    '# A question update is checked against the stored question: mcq needs options whatever the',
    "# body says, and a module or topic must belong to that question's paper. The body alone",
    '# cannot be valid or invalid, so 400 is an accepted answer here (and only here).',
    '[[operations]]',
    'include-name = "PATCH /api/v1/questions/{id}"',
    `checks.positive_data_acceptance.expected-statuses = ${WITH_400}`,
    '',
    "# Accepting drafts names each draft by its index among the paper's drafts: stored state the",
    "# body cannot show (a paper without a PDF has none), so the contract's 400 for an unknown index",
    '# is an accepted answer here.',
    '[[operations]]',
    'include-name = "POST /api/v1/papers/{id}/drafts/accept"',
    `checks.positive_data_acceptance.expected-statuses = ${CREATE_STATUSES_WITH_400}`,
    `phases.coverage.checks.positive_data_acceptance.expected-statuses = ${CREATE_STATUSES_WITH_400}`,
    `phases.stateful.checks.positive_data_acceptance.expected-statuses = ${CREATE_STATUSES_WITH_400}`,
    '',
    "# A paper file's body is bytes (format: binary): that they are a PDF (%PDF-) is a fact of the",
    '# content, which no schema states, so the 415 for other bytes is an accepted answer here.',
    '[[operations]]',
    'include-name = "PUT /api/v1/papers/{id}/file"',
    'checks.positive_data_acceptance.expected-statuses = ["2xx", "3xx", "401", "403", "404", "409", "413", "415", "429", "5xx"]',
    '',
    '# A paper made from its PDF: the same 415 for bytes that are not a PDF; the offering it names',
    '# is stored state (400 when there is none), and a year or type neither given nor printed on',
    "# the first page is the contract's 422, as is a key reused with another query.",
    '[[operations]]',
    'include-name = "POST /api/v1/papers/from-pdf"',
    `checks.positive_data_acceptance.expected-statuses = ${FROM_PDF_STATUSES}`,
    `phases.coverage.checks.positive_data_acceptance.expected-statuses = ${FROM_PDF_STATUSES}`,
    `phases.stateful.checks.positive_data_acceptance.expected-statuses = ${FROM_PDF_STATUSES}`,
    '',
  ].join('\n');
}

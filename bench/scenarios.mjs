// What is measured: each scenario's requests per load connection. `list`: req/s at 10 connections
// is reported, and a `-no-total` twin asks includeTotal=false (growth is judged on it). `check`:
// a test of the real answer, so an ignored parameter is reported, not measured under its name.
import { SEARCH_COMMON_QUERY, SEARCH_RARE_QUERY, SUGGEST_QUERIES } from './generate.mjs';
import { bearer } from './lib.mjs';

const json = { 'content-type': 'application/json', accept: 'application/json' };

export const GRAPHQL_SYLLABUS = `query BenchSyllabus($id: ObjectID!) { syllabus(subjectOfferingId: $id) {
  id subjectOfferingId createdAt updatedAt
  modules { id syllabusId subjectOfferingId title order createdAt updatedAt
    topics { id moduleId subjectOfferingId title order createdAt updatedAt } } } }`;

const GRAPHQL_PAPERS = `query BenchPapers($limit: PageSize, $includeTotal: Boolean) {
  papers(limit: $limit, includeTotal: $includeTotal) { items { id title slug examYear examType
    status createdAt subjectOffering { id regulation subject { id name code slug } } }
    pagination { page limit total totalPages hasNextPage hasPrevPage } } }`;

/** The full offering tree of apps/graphql-gateway/README.md ("Database round trips"). */
export const GRAPHQL_FULL_TREE = `query BenchFullTree($id: ObjectID!) { subjectOffering(id: $id) {
  id subject { id name } university { id name } branch { id name } semester { id number }
  syllabus { id modules { id title
    topics { id title questions { id text solutions { id content score myVote } } }
    questions { id } } }
  papers { id title questions { id } } } }`;

export const graphql = (query, variables, headers = {}) => ({
  method: 'POST',
  path: '/graphql',
  headers: { ...json, ...headers },
  body: JSON.stringify({ query, variables }),
});

const items = (body) => body?.data?.papers?.items ?? body?.data;
const pagination = (body) => body?.data?.papers?.pagination ?? body?.pagination;

/** Every item satisfies `test` (and there is one at least). */
const everyItem = (what, test) => (body) => {
  const list = items(body);
  if (!Array.isArray(list) || list.length === 0) return `no ${what} in the answer`;
  return list.every(test) ? null : `the answer holds items that are not ${what}`;
};
const noTotal = (body) =>
  pagination(body)?.total === null ? null : 'includeTotal=false was ignored (a total was counted)';
const sortedBy = (field) => (body) => {
  const list = items(body) ?? [];
  const sorted = list.every((item, i) => i === 0 || list[i - 1][field] >= item[field]);
  return list.length && sorted ? null : `not sorted by ${field} descending`;
};
const onPage = (page) => (body) =>
  pagination(body)?.page === page && items(body)?.length > 0 ? null : `no page ${page}`;

const get = (path, headers = {}) => ({
  method: 'GET',
  path: `/api/v1${path}`,
  headers: { accept: 'application/json', ...headers },
});

/** A list scenario and its `-no-total` twin (same request, includeTotal=false). */
function withTwin(scenario) {
  const path = (r) => `${r.path}${r.path.includes('?') ? '&' : '?'}includeTotal=false`;
  const graphqlTwin = () => graphql(GRAPHQL_PAPERS, { limit: 20, includeTotal: false });
  const twin = (r) => (r.method === 'POST' ? graphqlTwin() : { ...r, path: path(r) });
  const checks = [scenario.check, noTotal].filter(Boolean);
  return [
    scenario,
    {
      ...scenario,
      name: `${scenario.name}-no-total`,
      label: `${scenario.label}, includeTotal=false`,
      requests: (i) => scenario.requests(i).map(twin),
      check: (body) => checks.map((check) => check(body)).find(Boolean) ?? null,
    },
  ];
}

/**
 * The scenarios, built from the catalog's picks and the load users' tokens (`auth`, one per
 * connection; `admin`: the admin's token). Every request list is per connection.
 */
export function buildScenarios({ pick, auth, admin }) {
  const one = (path, headers) => () => [get(path, headers)];
  const rotate = (list, start, n) =>
    Array.from({ length: n }, (_, k) => list[(start + k) % list.length]);
  const rest = (name, label, requests, more) => ({ name, label, app: 'rest', requests, ...more });
  const gateway = (name, label, query, variables, more) =>
    rest(name, label, () => [graphql(query, variables)], { app: 'gateway', ...more });
  const list = (check) => ({ list: true, check });
  const search = (words, path = '') => one(`/search${path}?q=${encodeURIComponent(words)}`);
  // Anonymous, as a student types: each answer must suggest something.
  const suggested = (body) => (body?.data?.length ? null : 'nothing suggested');
  const suggest = ([kind, typed]) =>
    rest(`suggest-${kind}`, `GET /search/suggest?q=${typed}`, search(typed, '/suggest'), {
      check: suggested,
    });
  // Each connection is one user voting on its own rotation of solutions, alternating +1/-1;
  // its users already voted on these solutions in the generated catalog.
  const votes = (i) =>
    rotate(pick.voteSolutionIds, i * 7, 40).map((id, k) => ({
      method: 'PATCH',
      path: `/api/v1/solutions/${id}/vote`,
      headers: { ...json, ...bearer(auth[i % pick.votingUsers]) },
      body: JSON.stringify({ value: (i + k) % 2 === 0 ? 1 : -1 }),
    }));
  const similarOf = (request) => ({ ...request, path: `${request.path}/similar` });
  const questions = (i) =>
    rotate(pick.questionIds, i * 13, 50).map((id) => get(`/questions/${id}`));
  const isLong = everyItem('long questions', (question) => question.type === 'long');
  const offering = `/subject-offerings/${pick.syllabusOfferingId}/syllabus`;
  const largest = `/subject-offerings/${pick.coverageOfferingId}/coverage`;
  const papers = 'GraphQL papers(limit: 20) with offering and subject';
  const marks = list(sortedBy('marks'));
  const users = one('/users', bearer(admin));
  const page500 = list(onPage(500));
  const offeringPapers = `/papers?subjectOfferingId=${pick.papersOfferingId}&limit=20`;
  const moduleQuestions = `/modules/${pick.moduleId}/questions`;
  const syllabusId = { id: pick.syllabusOfferingId };
  const fullTree = [GRAPHQL_FULL_TREE, { id: pick.largeTree.id }];
  const lists = [
    rest('questions', 'GET /questions page 1', one('/questions'), list()),
    rest('questions-type', 'GET /questions?type=long', one('/questions?type=long'), list(isLong)),
    rest('questions-marks', 'GET /questions?sort=-marks', one('/questions?sort=-marks'), marks),
    rest('questions-page-500', 'GET /questions page 500', one('/questions?page=500'), page500),
    rest('papers', 'GET /papers page 1', one('/papers'), list()),
    gateway('graphql.papers', papers, GRAPHQL_PAPERS, { limit: 20 }, list()),
    rest('universities', 'GET /universities?search=tech', one('/universities?search=tech'), list()),
    rest('users', "the admin's GET /users", users, list()),
  ];
  return [
    ...lists.flatMap(withTwin),
    rest('search-common', 'GET /search, two common words', search(SEARCH_COMMON_QUERY), list()),
    rest('papers-offering', 'GET /papers?subjectOfferingId&limit=20', one(offeringPapers)),
    rest('module-questions', 'GET /modules/:id/questions', one(moduleQuestions)),
    rest('question', 'GET /questions/:id', questions),
    rest('similar', 'GET /questions/:id/similar', (i) => questions(i).map(similarOf)),
    rest('syllabus', 'GET /subject-offerings/:id/syllabus', one(offering)),
    rest('vote', 'PATCH /solutions/:id/vote (authenticated)', votes),
    rest('search', 'GET /search, two rare words (hits constant)', search(SEARCH_RARE_QUERY)),
    ...Object.entries(SUGGEST_QUERIES).map(suggest),
    rest('coverage', 'GET /subject-offerings/:id/coverage (largest offering)', one(largest)),
    gateway('graphql.syllabus', 'GraphQL syllabus tree', GRAPHQL_SYLLABUS, syllabusId),
    gateway('graphql.tree', "GraphQL full offering tree (README's, largest)", ...fullTree),
  ];
}

/** The cheapest authenticated read, on which the middleware's share of service time is judged. */
export function overheadScenario(token) {
  const request = get('/universities?search=tech', bearer(token));
  return { label: 'GET /universities?search=tech with a bearer token', requests: () => [request] };
}

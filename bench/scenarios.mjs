// What is measured: each scenario gives the requests one load connection sends (in a loop) to
// the real app, to baseline (b) (the floor) and to baseline (a) (the ceiling).
//   core     part of the issues' targets: runs in every configuration (the others may be left
//            out where the engine is too slow, see run.mjs)
//   heavy    reads the whole questions collection on an engine that cannot push its filter or
//            sort down (the unfiltered and `type=` question lists)
//   check    a test of the real response: a filter or parameter this branch does not implement
//            yet (a 400 for an unknown parameter, or a parameter silently ignored) is reported,
//            and the scenario skipped, instead of measuring something else under its name
import { SEARCH_COMMON_QUERY, SEARCH_RARE_QUERY } from './generate.mjs';

const json = { 'content-type': 'application/json', accept: 'application/json' };

export const SYLLABUS_FIELDS = `id subjectOfferingId createdAt updatedAt
  modules { id syllabusId subjectOfferingId title order createdAt updatedAt
    topics { id moduleId subjectOfferingId title order createdAt updatedAt } }`;

export const GRAPHQL_SYLLABUS = `query BenchSyllabus($id: ObjectID!) { syllabus(subjectOfferingId: $id) { ${SYLLABUS_FIELDS} } }`;

export const GRAPHQL_PAPERS = `query BenchPapers($limit: PageSize) {
  papers(limit: $limit) {
    items { id title slug examYear examType status createdAt
      subjectOffering { id regulation subject { id name code slug } } }
    pagination { page limit total totalPages hasNextPage hasPrevPage }
  }
}`;

/** The deeper tree used to count round trips: offering -> syllabus -> modules -> topics -> questions. */
export const GRAPHQL_DEEP_TREE = `query BenchTree($id: ObjectID!) {
  subjectOffering(id: $id) { id subject { id name } university { id name }
    syllabus { id modules { id title questions { id } topics { id title questions { id } } } } }
}`;

/**
 * The full offering tree of apps/graphql-gateway/README.md ("Database round trips"), with the
 * fields its round-trip test asks for.
 */
export const GRAPHQL_FULL_TREE = `query BenchFullTree($id: ObjectID!) {
  subjectOffering(id: $id) {
    id
    subject { id name }
    university { id name }
    branch { id name }
    semester { id number }
    syllabus {
      id
      modules {
        id title
        topics { id title questions { id text solutions { id content score myVote } } }
        questions { id }
      }
    }
    papers { id title questions { id } }
  }
}`;

const graphqlBody = (query, variables) => JSON.stringify({ query, variables });
const graphql = (query, variables, headers = {}) => ({
  method: 'POST',
  path: '/graphql',
  headers: { ...json, ...headers },
  body: graphqlBody(query, variables),
});

/** A list answer whose items all satisfy `test`, and at least one item. */
const everyItem = (what, test) => (body) => {
  const items = body?.data;
  if (!Array.isArray(items) || items.length === 0) return `no ${what} in the answer`;
  return items.every(test) ? null : `the answer holds items that are not ${what}`;
};

/** `includeTotal=false` honoured: no total counted. */
const withoutTotal = (body) =>
  body?.pagination && body.pagination.total === null
    ? null
    : 'includeTotal=false was ignored (the total was still counted): not implemented on this branch';

const both =
  (...checks) =>
  (body) => {
    for (const check of checks) {
      const problem = check(body);
      if (problem) return problem;
    }
    return null;
  };

/**
 * The scenarios, built from the handles the generator returned (`pick`) and the tokens of the
 * load users (`auth`, one per load connection). Every request list is per connection.
 */
export function buildScenarios({ pick, auth }) {
  const get = (path, headers = {}) => ({
    method: 'GET',
    path,
    headers: { accept: 'application/json', ...headers },
  });
  const one = (path) => () => [get(path)];
  const rotate = (list, start, n) =>
    Array.from({ length: n }, (_, k) => list[(start + k) % list.length]);
  const isType = (q) => q.type === pick.questionType;

  return [
    {
      name: 'rest.papers',
      label: 'REST GET /papers?subjectOfferingId&limit=20',
      app: 'rest',
      core: true,
      requests: one(`/api/v1/papers?subjectOfferingId=${pick.papersOfferingId}&limit=20`),
    },
    {
      name: 'rest.papers-university',
      label: 'REST GET /papers?universityId&limit=20',
      app: 'rest',
      check: everyItem(
        `papers of university ${pick.universityId}`,
        (p) => p.universityId === pick.universityId,
      ),
      requests: one(`/api/v1/papers?universityId=${pick.universityId}&limit=20`),
    },
    {
      name: 'rest.universities',
      label: `REST GET /universities?search=${pick.universitySearch}`,
      app: 'rest',
      requests: one(`/api/v1/universities?search=${encodeURIComponent(pick.universitySearch)}`),
    },
    {
      name: 'rest.questions',
      label: 'REST GET /questions (page 1)',
      app: 'rest',
      heavy: true,
      requests: one('/api/v1/questions'),
    },
    {
      name: 'rest.questions-no-total',
      label: 'REST GET /questions?includeTotal=false',
      app: 'rest',
      heavy: true,
      check: withoutTotal,
      requests: one('/api/v1/questions?includeTotal=false'),
    },
    {
      name: 'rest.questions-type',
      label: `REST GET /questions?type=${pick.questionType}`,
      app: 'rest',
      heavy: true,
      check: everyItem(`${pick.questionType} questions`, isType),
      requests: one(`/api/v1/questions?type=${pick.questionType}`),
    },
    {
      name: 'rest.questions-type-no-total',
      label: `REST GET /questions?type=${pick.questionType}&includeTotal=false`,
      app: 'rest',
      heavy: true,
      check: both(everyItem(`${pick.questionType} questions`, isType), withoutTotal),
      requests: one(`/api/v1/questions?type=${pick.questionType}&includeTotal=false`),
    },
    {
      name: 'rest.module-questions',
      label: 'REST GET /modules/:id/questions',
      app: 'rest',
      core: true,
      requests: one(`/api/v1/modules/${pick.moduleId}/questions`),
    },
    {
      name: 'rest.question',
      label: 'REST GET /questions/:id',
      app: 'rest',
      core: true,
      requests: (i) =>
        rotate(pick.questionIds, i * 13, 50).map((id) => get(`/api/v1/questions/${id}`)),
    },
    {
      name: 'rest.syllabus',
      label: 'REST GET /subject-offerings/:id/syllabus',
      app: 'rest',
      core: true,
      requests: one(`/api/v1/subject-offerings/${pick.syllabusOfferingId}/syllabus`),
    },
    {
      name: 'rest.vote',
      label: 'REST PATCH /solutions/:id/vote (authenticated)',
      app: 'rest',
      core: true,
      // Each connection is one user voting on its own rotation of solutions, alternating +1/-1.
      // Its users already voted on these solutions in the generated catalog.
      requests: (i) => {
        const user = auth[i % pick.votingUsers];
        return rotate(pick.voteSolutionIds, i * 7, 40).map((id, k) => ({
          method: 'PATCH',
          path: `/api/v1/solutions/${id}/vote`,
          headers: { ...json, authorization: `Bearer ${user.token}`, 'x-bench-user-id': user.id },
          body: JSON.stringify({ value: (i + k) % 2 === 0 ? 1 : -1 }),
        }));
      },
    },
    {
      name: 'rest.search',
      label: `REST GET /search?q=${SEARCH_RARE_QUERY} (hits constant)`,
      app: 'rest',
      core: true,
      requests: one(`/api/v1/search?q=${encodeURIComponent(SEARCH_RARE_QUERY)}`),
    },
    {
      name: 'rest.search-common',
      label: `REST GET /search?q=${SEARCH_COMMON_QUERY} (hits grow)`,
      app: 'rest',
      requests: one(`/api/v1/search?q=${encodeURIComponent(SEARCH_COMMON_QUERY)}`),
    },
    {
      name: 'rest.coverage',
      label: 'REST GET /subject-offerings/:id/coverage (largest offering)',
      app: 'rest',
      core: true,
      requests: one(`/api/v1/subject-offerings/${pick.coverageOfferingId}/coverage`),
    },
    {
      name: 'graphql.syllabus',
      label: 'GraphQL syllabus tree (modules, topics)',
      app: 'gateway',
      requests: () => [graphql(GRAPHQL_SYLLABUS, { id: pick.syllabusOfferingId })],
    },
    {
      name: 'graphql.papers',
      label: 'GraphQL papers(limit 20) with offering and subject',
      app: 'gateway',
      requests: () => [graphql(GRAPHQL_PAPERS, { limit: 20 })],
    },
    {
      name: 'graphql.tree',
      label: "GraphQL full offering tree (README's, largest tree)",
      app: 'gateway',
      core: true,
      requests: () => [graphql(GRAPHQL_FULL_TREE, { id: pick.largeTree.id })],
    },
  ];
}

/**
 * The overhead scenario: the cheapest read (universities, a 50-document collection) with a
 * valid bearer token, so the limiter, the logger and auth (JWT verification and the user
 * lookup) are a visible share of the request.
 */
export function buildOverheadScenario({ pick, auth }) {
  return {
    name: 'overhead.universities',
    label: `REST GET /universities?search=${pick.universitySearch} with a bearer token`,
    app: 'rest',
    requests: (i) => [
      {
        method: 'GET',
        path: `/api/v1/universities?search=${encodeURIComponent(pick.universitySearch)}`,
        headers: {
          accept: 'application/json',
          authorization: `Bearer ${auth[i % auth.length].token}`,
        },
      },
    ],
  };
}

/** Soak-only traffic: an authenticated REST read and a cheap GraphQL read, beside the scenarios. */
export function buildSoakExtras({ pick, auth }) {
  const overhead = buildOverheadScenario({ pick, auth });
  return [
    { ...overhead, name: 'soak.rest-authenticated-read' },
    {
      name: 'soak.graphql-universities',
      app: 'gateway',
      requests: () => [
        graphql(
          'query BenchUniversities($search: String) { universities(search: $search) { items { id name shortName slug } pagination { total } } }',
          { search: pick.universitySearch },
        ),
      ],
    },
  ];
}

/** The full tree as a given caller (headers), for counting its round trips. */
export function fullTreeRequest(offeringId, headers = {}) {
  return graphql(GRAPHQL_FULL_TREE, { id: offeringId }, headers);
}

/**
 * Where a target receives a scenario's request: the ceiling answers every scenario on
 * /ceiling/<name>; the floor takes the REST paths as they are and GraphQL on /graphql/<name>.
 */
export function targetPath(scenario, request, target) {
  if (target === 'ceiling') return `/ceiling/${scenario.name}`;
  if (target === 'floor' && scenario.name.startsWith('graphql.'))
    return `/graphql/${scenario.name.slice('graphql.'.length)}`;
  return request.path;
}

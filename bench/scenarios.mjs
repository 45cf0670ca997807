// What is measured: each scenario gives the requests one load connection sends (in a loop) to
// the real app, to baseline (b) (the floor) and to baseline (a) (the ceiling).
// `slow` scenarios scan collections on the embedded engine (a few requests per second): they run
// with fewer connections (less queueing) and twice the duration (`weight` times for the vote),
// so each run still completes enough requests to have a median worth reading. `tuned` scenarios
// also run against the app with the recommended changes applied (bench/tuned.mjs).

const json = { 'content-type': 'application/json', accept: 'application/json' };

export const SYLLABUS_FIELDS = `id subjectOfferingId createdAt updatedAt
  modules { id syllabusId subjectOfferingId title order createdAt updatedAt
    topics { id moduleId subjectOfferingId title order createdAt updatedAt } }`;

export const GRAPHQL_SYLLABUS = `query BenchSyllabus($id: ID!) { syllabus(subjectOfferingId: $id) { ${SYLLABUS_FIELDS} } }`;

export const GRAPHQL_PAPERS = `query BenchPapers($limit: Int) {
  papers(limit: $limit) {
    items { id title slug examYear examType status createdAt
      subjectOffering { id regulation subject { id name code slug } } }
    pagination { page limit total totalPages hasNextPage hasPrevPage }
  }
}`;

/** The deeper tree used to count round trips: offering -> syllabus -> modules -> topics -> questions. */
export const GRAPHQL_DEEP_TREE = `query BenchTree($id: ID!) {
  subjectOffering(id: $id) { id subject { id name } university { id name }
    syllabus { id modules { id title questions { id } topics { id title questions { id } } } } }
}`;

const graphqlBody = (query, variables) => JSON.stringify({ query, variables });

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
  const perClient = (make) => (clientIndex) => make(clientIndex, auth[clientIndex % auth.length]);
  const rotate = (list, start, n) =>
    Array.from({ length: n }, (_, k) => list[(start + k) % list.length]);

  const questionList = (i, headers = {}) =>
    rotate(pick.questionIds, i * 13, 50).map((id) => get(`/api/v1/questions/${id}`, headers));

  return [
    {
      name: 'rest.papers',
      label: 'REST GET /papers?subjectOfferingId&limit=20',
      app: 'rest',
      slow: true,
      requests: perClient(() => [
        get(`/api/v1/papers?subjectOfferingId=${pick.papersOfferingId}&limit=20`),
      ]),
    },
    {
      name: 'rest.universities',
      label: `REST GET /universities?search=${pick.universitySearch}`,
      app: 'rest',
      soakWeight: 8,
      requests: perClient(() => [
        get(`/api/v1/universities?search=${encodeURIComponent(pick.universitySearch)}`),
      ]),
    },
    {
      name: 'rest.question',
      label: 'REST GET /questions/:id',
      app: 'rest',
      slow: true,
      tuned: true,
      requests: perClient((i) => questionList(i)),
    },
    {
      name: 'rest.syllabus',
      label: 'REST GET /subject-offerings/:id/syllabus',
      app: 'rest',
      slow: true,
      requests: perClient(() => [
        get(`/api/v1/subject-offerings/${pick.syllabusOfferingId}/syllabus`),
      ]),
    },
    {
      name: 'rest.vote',
      label: 'REST PATCH /solutions/:id/vote (authenticated)',
      app: 'rest',
      slow: true,
      weight: 3,
      tuned: true,
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
      name: 'graphql.syllabus',
      label: 'GraphQL syllabus tree (modules, topics)',
      app: 'gateway',
      slow: true,
      requests: perClient(() => [
        {
          method: 'POST',
          path: '/graphql',
          headers: json,
          body: graphqlBody(GRAPHQL_SYLLABUS, { id: pick.syllabusOfferingId }),
        },
      ]),
    },
    {
      name: 'graphql.papers',
      label: 'GraphQL papers(limit 20) with offering and subject',
      app: 'gateway',
      slow: true,
      requests: perClient(() => [
        {
          method: 'POST',
          path: '/graphql',
          headers: json,
          body: graphqlBody(GRAPHQL_PAPERS, { limit: 20 }),
        },
      ]),
    },
  ];
}

/**
 * The overhead scenario: the cheapest read on the embedded engine (universities, a 50-document
 * collection) with a valid bearer token, so the limiter, the logger and auth (JWT verification
 * and the user lookup) are a visible share of the request.
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
        {
          method: 'POST',
          path: '/graphql',
          headers: json,
          body: graphqlBody(
            'query BenchUniversities($search: String) { universities(search: $search) { items { id name shortName slug } pagination { total } } }',
            { search: pick.universitySearch },
          ),
        },
      ],
    },
  ];
}

/** Where a target receives a scenario's request: GraphQL goes to /graphql/<name> on the baselines. */
export function targetPath(scenario, request, target) {
  if (target !== 'floor' && target !== 'ceiling') return request.path;
  return scenario.name.startsWith('graphql.')
    ? `/graphql/${scenario.name.slice('graphql.'.length)}`
    : request.path;
}

// Another team's script: lists universities over REST and reads one university's branches and
// semesters over GraphQL, with @qpc/client. Usage:
//   REST_URL=http://127.0.0.1:3000 GRAPHQL_URL=http://127.0.0.1:4000/graphql node browse-catalog.mjs
import { createGraphQLClient, UniversityTreeDocument } from '@qpc/client/graphql';
import { createRestClient, unwrap } from '@qpc/client/rest';

const rest = createRestClient({ baseUrl: process.env.REST_URL, token: process.env.QPC_TOKEN });
const graphql = createGraphQLClient({ url: process.env.GRAPHQL_URL, token: process.env.QPC_TOKEN });

const page = await unwrap(rest.GET('/api/v1/universities', { params: { query: { limit: 5 } } }));
const first = page.data[0];
const tree = first ? await graphql.request(UniversityTreeDocument, { slug: first.slug }) : null;
console.log(
  JSON.stringify({
    universities: page.data.map((u) => u.name),
    total: page.pagination.total,
    branches: tree?.university?.branches.map((b) => ({
      name: b.name,
      semesters: b.semesters.map((s) => s.number),
    })),
  }),
);

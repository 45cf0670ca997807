// GRAPHQL_INTROSPECTION=true turns introspection on in production (and nothing else).
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startGateway } from './support/harness.js';
import type { RunningGateway } from './support/harness.js';

let gw: RunningGateway;

beforeAll(async () => {
  gw = await startGateway({ NODE_ENV: 'production', GRAPHQL_INTROSPECTION: 'true' });
});
afterAll(async () => gw.close());

it('when GRAPHQL_INTROSPECTION=true in production, then the schema can be introspected', async () => {
  expect(gw.config.isProduction).toBe(true);
  const { status, body } = await gw.gql('{ __type(name: "Paper") { name fields { name } } }');
  expect(status).toBe(200);
  expect(body.errors).toBeUndefined();
  expect(body.data.__type.fields.map((f: { name: string }) => f.name)).toEqual(
    expect.arrayContaining(['examType', 'subjectOffering', 'questions']),
  );
});

it('when GRAPHQL_INTROSPECTION=true in production, then the landing page stays off', async () => {
  const res = await fetch(`${gw.url}/graphiql`);
  expect(res.status).toBe(404);
});

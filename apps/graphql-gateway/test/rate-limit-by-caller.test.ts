// The contract's "Rate limit, fourth release" over GraphQL; the suite is the REST API's too.
import { describeRateLimitByCaller } from '@qpc/server-kit/rate-limit-suite';
import { expect } from 'vitest';
import { startGateway } from './support/harness.js';

const QUERY = JSON.stringify({ query: '{ universities { items { id } } }' });

describeRateLimitByCaller('rate limit by caller (GraphQL)', {
  start: (env) => startGateway(env),
  read: (url, headers) =>
    fetch(`${url}/graphql`, {
      method: 'POST',
      body: QUERY,
      headers: { 'content-type': 'application/json', ...headers },
    }),
  // The refusal comes as a GraphQL error with the contract's code in its extensions.
  errorCode: (body) => {
    expect(body).toMatchObject({
      errors: [{ message: expect.any(String), extensions: { code: expect.any(String) } }],
    });
    return (body as { errors: { extensions: { code: string } }[] }).errors[0]!.extensions.code;
  },
});

// The contract's "Rate limit, fourth release" over GraphQL; the suite is the REST API's too.
import { describeRateLimitByCaller } from '@qpc/server-kit/rate-limit-suite';
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
  errorCode: (body) =>
    (body as { errors: { extensions: { code: string } }[] }).errors[0]!.extensions.code,
});

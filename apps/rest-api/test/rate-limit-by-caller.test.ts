// The contract's "Rate limit, fourth release" over REST; the suite is the gateway's too.
import { describeRateLimitByCaller } from '@qpc/server-kit/rate-limit-suite';
import { expect } from 'vitest';
import { startApp } from './support/harness.js';

describeRateLimitByCaller('rate limit by caller', {
  start: (env) => startApp(env),
  read: (url, headers) => fetch(`${url}/api/v1/universities`, { headers }),
  // The refusal comes in the contract's error envelope.
  errorCode: (body) => {
    expect(body).toMatchObject({
      success: false,
      error: { code: expect.any(String), message: expect.any(String) },
    });
    return (body as { error: { code: string } }).error.code;
  },
});

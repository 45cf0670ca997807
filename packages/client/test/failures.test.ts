import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError, createGraphQLClient, UniversitiesDocument } from '../src/graphql.js';
import { createRestClient, unwrap } from '../src/rest.js';
import { startApps } from './support/apps.js';
import type { RunningApps } from './support/apps.js';

describe('when the rate limit is spent', () => {
  let apps: RunningApps;
  beforeAll(async () => {
    apps = await startApps({ RATE_LIMIT_MAX: '2' });
  });
  afterAll(async () => apps.close());

  it('then both clients throw 429 RATE_LIMITED with the seconds to wait', async () => {
    const graphql = createGraphQLClient({ url: apps.graphqlUrl });
    await graphql.request(UniversitiesDocument);
    await graphql.request(UniversitiesDocument);
    const error = (await graphql
      .request(UniversitiesDocument)
      .catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 429, httpStatus: 429, code: 'RATE_LIMITED' });
    expect(error.retryAfterSeconds).toBeGreaterThan(0);

    const rest = createRestClient({ baseUrl: apps.restUrl });
    await unwrap(rest.GET('/api/v1/universities'));
    await unwrap(rest.GET('/api/v1/universities'));
    await expect(unwrap(rest.GET('/api/v1/universities'))).rejects.toMatchObject({
      status: 429,
      code: 'RATE_LIMITED',
      retryAfterSeconds: expect.any(Number),
    });
  });
});

describe('when the database is gone', () => {
  let apps: RunningApps;
  beforeAll(async () => {
    apps = await startApps();
  });
  afterAll(async () => apps.close());

  it('then both clients throw 503 SERVICE_UNAVAILABLE', async () => {
    await apps.cutDatabase();
    const graphql = createGraphQLClient({ url: apps.graphqlUrl });
    await expect(graphql.request(UniversitiesDocument)).rejects.toMatchObject({
      status: 503,
      code: 'SERVICE_UNAVAILABLE',
    });
    const rest = createRestClient({ baseUrl: apps.restUrl });
    await expect(unwrap(rest.GET('/api/v1/universities'))).rejects.toMatchObject({
      status: 503,
      code: 'SERVICE_UNAVAILABLE',
    });
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError, createRestClient, unwrap } from '../src/rest.js';
import type { RestClient } from '../src/rest.js';
import { startApps } from './support/apps.js';
import type { RunningApps } from './support/apps.js';
import { makeCatalog } from './support/catalog.js';
import type { Catalog } from './support/catalog.js';

describe('REST client against the running REST API', () => {
  let apps: RunningApps;
  let admin: RestClient;
  let student: RestClient;
  let anonymous: RestClient;
  let catalog: Catalog;

  beforeAll(async () => {
    apps = await startApps();
    const adminToken = await apps.tokenAs('client_rest_admin', 'admin');
    admin = createRestClient({ baseUrl: apps.restUrl, token: adminToken });
    // A token source may be a function, read on every request.
    const studentToken = await apps.tokenAs('client_rest_student', 'normal');
    student = createRestClient({ baseUrl: apps.restUrl, token: () => studentToken });
    anonymous = createRestClient({ baseUrl: apps.restUrl });
    catalog = await makeCatalog(admin, student);
  });
  afterAll(async () => apps.close());

  it('when a list is read anonymously, then data and pagination arrive as typed', async () => {
    const page = await unwrap(
      anonymous.GET('/api/v1/papers', {
        params: { query: { subjectOfferingId: catalog.offeringId, limit: 10 } },
      }),
    );
    expect(page.pagination).toMatchObject({ page: 1, limit: 10, total: 1 });
    expect(page.data.map((paper) => paper.slug)).toEqual([catalog.approvedPaper.slug]);
    expect(page.data[0]!.examType).toBe('end-term');
  });

  it('when a resource is read by slug, then its fields arrive with the ETag header', async () => {
    const read = await anonymous.GET('/api/v1/universities/{slugOrId}', {
      params: { path: { slugOrId: catalog.universitySlug } },
    });
    expect(read.data?.data).toMatchObject({ id: catalog.universityId, isActive: true });
    expect(read.response.headers.get('etag')).toMatch(/^"/);
  });

  it('when a signed-in user votes through the client, then the solution comes back with the vote counted', async () => {
    const voted = await unwrap(
      admin.PATCH('/api/v1/solutions/{id}/vote', {
        params: { path: { id: catalog.solutionId } },
        body: { value: 1 },
      }),
    );
    expect(voted.data).toMatchObject({ upvotes: 1, score: 1, myVote: 1 });
  });

  it('when the body is invalid, then unwrap throws an ApiError with 400, the code, the request id and the fields', async () => {
    const error = await unwrap(
      admin.POST('/api/v1/universities', { body: { name: '', shortName: 'X' } }),
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, code: 'VALIDATION_ERROR' });
    expect((error as ApiError).requestId).toMatch(/\S/);
    expect((error as ApiError).details).toContainEqual(expect.objectContaining({ path: 'name' }));
  });

  it('when the caller lacks the role, then the ApiError is 403 FORBIDDEN', async () => {
    await expect(
      unwrap(
        student.PATCH('/api/v1/papers/{id}/status', {
          params: { path: { id: catalog.pendingPaper.id } },
          body: { status: 'approved' },
        }),
      ),
    ).rejects.toMatchObject({ status: 403, code: 'FORBIDDEN' });
  });

  it('when the token is invalid, then the ApiError is 401 UNAUTHENTICATED, even on a public read', async () => {
    const broken = createRestClient({ baseUrl: apps.restUrl, token: 'not.a.token' });
    await expect(unwrap(broken.GET('/api/v1/universities'))).rejects.toMatchObject({
      status: 401,
      code: 'UNAUTHENTICATED',
    });
  });

  it('when a slug does not exist, then the ApiError is 404 NOT_FOUND', async () => {
    await expect(
      unwrap(
        anonymous.GET('/api/v1/papers/{slugOrId}', {
          params: { path: { slugOrId: `missing-${catalog.tag}` } },
        }),
      ),
    ).rejects.toMatchObject({ status: 404, code: 'NOT_FOUND' });
  });

  it('when nothing listens at the base URL, then the ApiError is status 0 NETWORK_ERROR', async () => {
    const nowhere = createRestClient({ baseUrl: 'http://127.0.0.1:9' });
    await expect(unwrap(nowhere.GET('/api/v1/health'))).rejects.toMatchObject({
      status: 0,
      code: 'NETWORK_ERROR',
    });
  });
});

describe('REST client retries with an Idempotency-Key', () => {
  let apps: RunningApps;
  let token: string;
  beforeAll(async () => {
    apps = await startApps();
    token = await apps.tokenAs('client_retry_editor', 'editor');
  });
  afterAll(async () => apps.close());

  /** A fetch that lets the first request reach the server, then loses its answer (a timeout). */
  function losingFirstAnswer() {
    const sent: Request[] = [];
    const fetch = async (request: Request) => {
      sent.push(request.clone());
      const response = await globalThis.fetch(request);
      if (sent.length === 1) {
        await response.arrayBuffer();
        throw new TypeError('fetch failed: the answer was lost');
      }
      return response;
    };
    return { fetch, sent };
  }

  async function universitiesNamed(name: string): Promise<number> {
    const client = createRestClient({ baseUrl: apps.restUrl });
    const page = await unwrap(
      client.GET('/api/v1/universities', { params: { query: { search: name } } }),
    );
    return page.pagination.total ?? -1;
  }

  it('when a POST with its own key loses its answer, then the retry sends the same key and gets the first answer replayed', async () => {
    const { fetch, sent } = losingFirstAnswer();
    const client = createRestClient({
      baseUrl: apps.restUrl,
      token,
      fetch,
      retry: { retries: 2, delayMs: () => 1 },
    });
    const name = `Retried ${crypto.randomUUID()}`;
    const result = await client.POST('/api/v1/universities', {
      params: { header: { 'Idempotency-Key': `mine-${name}` } },
      body: { name, shortName: 'R' },
    });
    expect(result.response.status).toBe(201);
    expect(result.response.headers.get('idempotent-replayed')).toBe('true');
    expect(sent.map((r) => r.headers.get('idempotency-key'))).toEqual([
      `mine-${name}`,
      `mine-${name}`,
    ]);
    expect(await universitiesNamed(name)).toBe(1);
  });

  it('when keys are on, then each POST gets its own key and its retries reuse it', async () => {
    const { fetch, sent } = losingFirstAnswer();
    const client = createRestClient({
      baseUrl: apps.restUrl,
      token,
      fetch,
      retry: { retries: 1, delayMs: () => 1 },
      idempotencyKeys: true,
    });
    const name = `Auto key ${crypto.randomUUID()}`;
    const created = await unwrap(
      client.POST('/api/v1/universities', { body: { name, shortName: 'A' } }),
    );
    expect(created.data.name).toBe(name);
    const [first, second] = sent.map((r) => r.headers.get('idempotency-key'));
    expect(first).toMatch(/^[0-9a-f-]{36}$/);
    expect(second).toBe(first);
    expect(await universitiesNamed(name)).toBe(1);
  });

  it('when a POST without a key loses its answer, then it is not retried', async () => {
    const { fetch, sent } = losingFirstAnswer();
    const client = createRestClient({ baseUrl: apps.restUrl, token, fetch, retry: { retries: 2 } });
    const name = `Unkeyed ${crypto.randomUUID()}`;
    const error = await unwrap(
      client.POST('/api/v1/universities', { body: { name, shortName: 'U' } }),
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).code).toBe('NETWORK_ERROR');
    expect(sent).toHaveLength(1);
  });
});

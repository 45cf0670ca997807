// Idempotency-Key on the REST creates (the contract's "Third release", and the fourth's "Retries
// that never duplicate"): a retry replays the first answer, another body is 422, anonymous callers
// cannot use a key, racing retries make one, and a caller who may no longer create gets 403.
// The faults (a stalled engine, a cut connection, a killed process) are in tests/reliability.
import { makeUser, uid, UniversityModel } from '@qpc/domain/testing';
import { describe, expect, it } from 'vitest';
import { routeTable } from '../src/routes/table.js';
import { useApp } from './support/harness.js';

describe('Idempotency-Key', () => {
  const { call, admin, editor } = useApp();

  const create = (key: string | undefined, body: unknown, token = editor.token) =>
    call('POST', '/universities', {
      token,
      body,
      ...(key === undefined ? {} : { headers: { 'idempotency-key': key } }),
    });

  it('when a create is retried with its key and body, then the first answer is replayed and one university exists', async () => {
    const key = `k-${uid()}`;
    const body = { name: `Idempotent ${uid()}`, shortName: 'I' };
    const first = await create(key, body);
    const second = await create(key, { shortName: 'I', name: body.name });
    expect(first.status).toBe(201);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    expect(second.status).toBe(201);
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    expect(second.headers.get('location')).toBe(first.headers.get('location'));
    expect(second.body).toEqual(first.body);
    expect(await UniversityModel.countDocuments({ name: body.name })).toBe(1);
  });

  it('when the key comes back with another body, then 422 IDEMPOTENCY_KEY_REUSED and nothing is made', async () => {
    const key = `k-${uid()}`;
    await create(key, { name: `First ${uid()}`, shortName: 'F' });
    const name = `Second ${uid()}`;
    const res = await create(key, { name, shortName: 'S' });
    expect(res.status).toBe(422);
    expect(res.body.error.code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect(await UniversityModel.countDocuments({ name })).toBe(0);
  });

  it('when four retries race, then exactly one university is made and the others replay it or are told to retry', async () => {
    const key = `k-${uid()}`;
    const body = { name: `Race ${uid()}`, shortName: 'R' };
    const answers = await Promise.all([1, 2, 3, 4].map(() => create(key, body)));
    expect(await UniversityModel.countDocuments({ name: body.name })).toBe(1);
    for (const res of answers) {
      expect([201, 409]).toContain(res.status);
      if (res.status === 409) {
        expect(res.body.error.code).toBe('CONFLICT');
        expect(res.headers.get('retry-after')).toBe('1');
      }
    }
    expect(
      answers.filter((r) => r.status === 201 && !r.headers.get('idempotent-replayed')),
    ).toHaveLength(1);
  });

  it('when a first attempt is refused (4xx), then it is not kept: the retry is served afresh', async () => {
    const key = `k-${uid()}`;
    const refused = await create(key, { name: '', shortName: 'X' });
    expect(refused.status).toBe(400);
    const refusedAgain = await create(key, { name: '', shortName: 'X' });
    expect(refusedAgain.status).toBe(400);
    expect(refusedAgain.headers.get('idempotent-replayed')).toBeNull();
  });

  it('when an anonymous caller sends a key, then 400 VALIDATION_ERROR naming the header (not 401) and nothing is made; a malformed key is 400', async () => {
    const name = `Anon ${uid()}`;
    const anonymous = await call('POST', '/universities', {
      body: { name, shortName: 'A' },
      headers: { 'idempotency-key': 'k' },
    });
    expect(anonymous.status).toBe(400);
    expect(anonymous.body.success).toBe(false);
    expect(anonymous.body.error.code).toBe('VALIDATION_ERROR');
    expect(anonymous.body.error.details).toEqual([
      { path: 'Idempotency-Key', message: 'anonymous requests cannot use one' },
    ]);
    expect(await UniversityModel.countDocuments({ name })).toBe(0);
    // Without the header, the same anonymous create is the usual 401.
    const unsigned = await call('POST', '/universities', { body: { name, shortName: 'A' } });
    expect(unsigned.status).toBe(401);
    const long = await create('x'.repeat(256), { name: `Long ${uid()}`, shortName: 'L' });
    expect(long.status).toBe(400);
    expect(long.body.error.details[0].path).toBe('Idempotency-Key');
  });

  it('when two callers use the same key, then each has its own', async () => {
    const key = `k-${uid()}`;
    expect((await create(key, { name: `Mine ${uid()}`, shortName: 'M' })).status).toBe(201);
    const other = await create(key, { name: `Theirs ${uid()}`, shortName: 'T' }, admin.token);
    expect(other.status).toBe(201);
    expect(other.headers.get('idempotent-replayed')).toBeNull();
  });

  it('when an editor is deactivated, or demoted to normal, after a create, then replaying it with its key is 403 and nothing more is made', async () => {
    for (const change of [{ isActive: false }, { role: 'normal' }]) {
      const former = await makeUser('editor');
      const key = `k-${uid()}`;
      const body = { name: `Standing ${uid()}`, shortName: 'S' };
      const first = await create(key, body, former.token);
      expect(first.status).toBe(201);
      const changed = await call('PATCH', `/users/${former.sub}`, {
        token: admin.token,
        body: change,
      });
      expect(changed.status).toBe(200);
      const replay = await create(key, body, former.token);
      expect(replay.status, JSON.stringify(change)).toBe(403);
      expect(replay.body.error.code).toBe('FORBIDDEN');
      expect(replay.headers.get('idempotent-replayed')).toBeNull();
      expect(await UniversityModel.countDocuments({ name: body.name })).toBe(1);
    }
  });

  it('when the route table is read, then every create is a POST (the routes the header applies to)', () => {
    const creates = routeTable.filter((route) => route.response.kind === 'created');
    expect(creates.length).toBeGreaterThan(5);
    for (const route of creates) expect(route.method, route.path).toBe('post');
  });
});

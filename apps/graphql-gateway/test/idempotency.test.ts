// GraphQL create mutations take an optional idempotencyKey with the REST header's rules.
import { randomUUID } from 'node:crypto';
import { makeCallers, UniversityModel } from '@qpc/domain/testing';
import type { TestCallers as Callers } from '@qpc/domain/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGateway } from './support/harness.js';
import type { RunningGateway } from './support/harness.js';

const CREATE = `mutation ($input: CreateUniversityInput!, $key: String) {
  createUniversity(input: $input, idempotencyKey: $key) { id slug name createdAt }
}`;

describe('idempotencyKey on create mutations', () => {
  let gw: RunningGateway;
  let callers: Callers;
  beforeAll(async () => {
    gw = await startGateway();
    callers = await makeCallers();
  });
  afterAll(async () => gw.close());

  const tag = () => randomUUID().slice(0, 8);

  it('when a create is retried with its key and input, then the first result comes back and one university exists', async () => {
    const key = `g-${tag()}`;
    const input = { name: `Graph idem ${tag()}`, shortName: 'G' };
    const first = await gw.gql(CREATE, { input, key }, callers.headers('editor'));
    const second = await gw.gql(CREATE, { input, key }, callers.headers('editor'));
    expect(first.body.errors).toBeUndefined();
    expect(second.body).toEqual(first.body);
    expect(await UniversityModel.countDocuments({ name: input.name })).toBe(1);
  });

  it('when the key comes back with another input, then IDEMPOTENCY_KEY_REUSED', async () => {
    const key = `g-${tag()}`;
    await gw.gql(
      CREATE,
      { input: { name: `One ${tag()}`, shortName: 'O' }, key },
      callers.headers('editor'),
    );
    const name = `Two ${tag()}`;
    const res = await gw.gql(
      CREATE,
      { input: { name, shortName: 'T' }, key },
      callers.headers('editor'),
    );
    expect(res.body.errors[0].extensions.code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect(await UniversityModel.countDocuments({ name })).toBe(0);
  });

  it('when four retries race, then exactly one university is made', async () => {
    const key = `g-${tag()}`;
    const input = { name: `Graph race ${tag()}`, shortName: 'R' };
    const answers = await Promise.all(
      [1, 2, 3, 4].map(() => gw.gql(CREATE, { input, key }, callers.headers('editor'))),
    );
    expect(await UniversityModel.countDocuments({ name: input.name })).toBe(1);
    for (const res of answers) {
      if (res.body.errors) expect(res.body.errors[0].extensions.code).toBe('CONFLICT');
    }
  });

  it('when an anonymous caller gives a key, then BAD_USER_INPUT naming idempotencyKey (not UNAUTHENTICATED) and nothing is made', async () => {
    const input = { name: `Graph anon ${tag()}`, shortName: 'A' };
    const res = await gw.gql(CREATE, { input, key: `g-${tag()}` });
    expect(res.body.data?.createUniversity ?? null).toBeNull();
    expect(res.body.errors).toHaveLength(1);
    expect(res.body.errors[0].extensions.code).toBe('BAD_USER_INPUT');
    expect(res.body.errors[0].extensions.details).toEqual([
      { path: 'idempotencyKey', message: 'anonymous requests cannot use one' },
    ]);
    expect(await UniversityModel.countDocuments({ name: input.name })).toBe(0);
    // Without the key, the same anonymous create is the usual UNAUTHENTICATED.
    const unsigned = await gw.gql(CREATE, { input });
    expect(unsigned.body.errors[0].extensions.code).toBe('UNAUTHENTICATED');
  });

  it('when no key is given, then each create makes its own', async () => {
    const input = { name: `No key ${tag()}`, shortName: 'N' };
    await gw.gql(CREATE, { input }, callers.headers('editor'));
    await gw.gql(CREATE, { input }, callers.headers('editor'));
    expect(await UniversityModel.countDocuments({ name: input.name })).toBe(2);
  });
});

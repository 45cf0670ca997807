// GraphQL create mutations take an optional idempotencyKey with the REST header's rules.
import { randomUUID } from 'node:crypto';
import { UniversityModel } from '@qpc/domain/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeCallers, startGateway } from './support/harness.js';
import type { Callers, RunningGateway } from './support/harness.js';

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

  it('when no key is given, then each create makes its own', async () => {
    const input = { name: `No key ${tag()}`, shortName: 'N' };
    await gw.gql(CREATE, { input }, callers.headers('editor'));
    await gw.gql(CREATE, { input }, callers.headers('editor'));
    expect(await UniversityModel.countDocuments({ name: input.name })).toBe(2);
  });
});

import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '../access.js';
import { mongoose } from '../db.js';
import { ValidationError } from '../errors.js';
import { makeActors } from '../test-support/callers.js';
import { useTestDatabase } from '../test-support/database.js';
import { UniversityModel } from '../university/model.js';
import { createUniversity } from '../university/service.js';
import {
  IDEMPOTENCY_COLLECTION,
  IdempotencyInFlightError,
  IdempotencyKeyReusedError,
  sweepIdempotencyKeys,
  withIdempotency,
} from './service.js';

useTestDatabase();

let actors: { admin: Actor; editor: Actor; normal: Actor; deactivated: Actor };
beforeAll(async () => {
  actors = await makeActors();
});

const tag = () => randomUUID().slice(0, 8);
const OPERATION = 'test createUniversity';

/** A create of a university named `name` under `key`, by the editor unless told. */
function createWithKey(key: string | undefined, name: string, actor: Actor | null = actors.editor) {
  const input = { name, shortName: 'U' };
  return withIdempotency({ actor, key, operation: OPERATION, input }, () =>
    createUniversity({ actor: actor ?? undefined, input }),
  );
}

const countNamed = (name: string) => UniversityModel.countDocuments({ name });

describe('withIdempotency', () => {
  it('when the same key and input come again, then the first result is replayed and nothing is created', async () => {
    const key = `key-${tag()}`;
    const name = `Idem ${tag()}`;
    const first = await createWithKey(key, name);
    const second = await createWithKey(key, name);
    expect(first.isReplayed).toBe(false);
    expect(second.isReplayed).toBe(true);
    expect(second.value).toEqual(JSON.parse(JSON.stringify(first.value)));
    expect(await countNamed(name)).toBe(1);
  });

  it('when the input is the same after parsing (other key order), then it is replayed', async () => {
    const key = `key-${tag()}`;
    const name = `Order ${tag()}`;
    const run = (input: Record<string, string>) =>
      withIdempotency({ actor: actors.editor, key, operation: OPERATION, input }, () =>
        createUniversity({ actor: actors.editor, input }),
      );
    await run({ name, shortName: 'U' });
    expect((await run({ shortName: 'U', name })).isReplayed).toBe(true);
    expect(await countNamed(name)).toBe(1);
  });

  it('when the same key comes with another input, then 422 IDEMPOTENCY_KEY_REUSED', async () => {
    const key = `key-${tag()}`;
    await createWithKey(key, `First ${tag()}`);
    const other = `Other ${tag()}`;
    const error = await createWithKey(key, other).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(IdempotencyKeyReusedError);
    expect((error as IdempotencyKeyReusedError).status).toBe(422);
    expect(await countNamed(other)).toBe(0);
  });

  it('when another caller sends the same key, then it is a key of its own', async () => {
    const key = `key-${tag()}`;
    const name = `Shared key ${tag()}`;
    await createWithKey(key, name, actors.editor);
    const byAdmin = await createWithKey(key, `${name} b`, actors.admin);
    expect(byAdmin.isReplayed).toBe(false);
  });

  it('when the first request is still running, then a retry is 409 with a retry delay', async () => {
    const key = `key-${tag()}`;
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const input = { name: `Slow ${tag()}` };
    const first = withIdempotency(
      { actor: actors.editor, key, operation: OPERATION, input },
      async () => {
        await held;
        return { done: true };
      },
    );
    // The first has claimed the key once its insert is in: wait for the record.
    const keys = mongoose.connection.db!.collection(IDEMPOTENCY_COLLECTION);
    await expect
      .poll(() => keys.countDocuments({ _id: `${actors.editor.id}:${key}` } as never))
      .toBe(1);
    const retry = await withIdempotency(
      { actor: actors.editor, key, operation: OPERATION, input },
      async () => ({ done: false }),
    ).catch((e: unknown) => e);
    expect(retry).toBeInstanceOf(IdempotencyInFlightError);
    expect(retry).toMatchObject({ status: 409, code: 'CONFLICT', retryAfterSeconds: 1 });
    release();
    expect((await first).value).toEqual({ done: true });
  });

  it('when four retries race, then exactly one resource is made', async () => {
    const key = `key-${tag()}`;
    const name = `Race ${tag()}`;
    const results = await Promise.allSettled([1, 2, 3, 4].map(() => createWithKey(key, name)));
    expect(await countNamed(name)).toBe(1);
    const made = results.filter((r) => r.status === 'fulfilled' && !r.value.isReplayed);
    expect(made).toHaveLength(1);
    for (const result of results) {
      if (result.status === 'rejected')
        expect(result.reason).toBeInstanceOf(IdempotencyInFlightError);
    }
  });

  it('when the first request fails, then nothing is kept and the retry runs afresh', async () => {
    const key = `key-${tag()}`;
    const input = { name: `Fails ${tag()}` };
    const failing = await withIdempotency(
      { actor: actors.editor, key, operation: OPERATION, input },
      () => Promise.reject(new ValidationError('refused')),
    ).catch((e: unknown) => e);
    expect(failing).toBeInstanceOf(ValidationError);
    const retry = await withIdempotency(
      { actor: actors.editor, key, operation: OPERATION, input },
      async () => 'made',
    );
    expect(retry).toEqual({ value: 'made', isReplayed: false });
  });

  it('when a key has expired, then it is overwritten by the next request and swept', async () => {
    const key = `key-${tag()}`;
    const name = `Expired ${tag()}`;
    await createWithKey(key, name);
    const keys = mongoose.connection.db!.collection(IDEMPOTENCY_COLLECTION);
    const id = `${actors.editor.id}:${key}`;
    await keys.updateOne({ _id: id } as never, {
      $set: { expiresAt: new Date(Date.now() - 1000) },
    });
    const again = await createWithKey(key, `${name} again`);
    expect(again.isReplayed).toBe(false);
    await keys.updateOne({ _id: id } as never, {
      $set: { expiresAt: new Date(Date.now() - 1000) },
    });
    expect(await sweepIdempotencyKeys()).toBeGreaterThanOrEqual(1);
    expect(await keys.countDocuments({ _id: id } as never)).toBe(0);
  });

  it('when the caller is anonymous or the key malformed, then 400 and nothing runs', async () => {
    const name = `Refused ${tag()}`;
    // The key's rule comes first: the create (which would answer 401 to an anonymous caller)
    // never runs.
    let ran = false;
    const anonymous = await withIdempotency(
      { actor: null, key: 'k', operation: OPERATION, input: { name } },
      async () => {
        ran = true;
        return createUniversity({ actor: undefined, input: { name, shortName: 'U' } });
      },
    ).catch((e: unknown) => e);
    expect(anonymous).toBeInstanceOf(ValidationError);
    expect(anonymous).toMatchObject({
      status: 400,
      details: [{ path: 'Idempotency-Key', message: 'anonymous requests cannot use one' }],
    });
    expect(ran).toBe(false);
    for (const key of ['', 'x'.repeat(256), 'tab\tin', 'é']) {
      const error = await createWithKey(key, name).catch((e: unknown) => e);
      expect(error, JSON.stringify(key)).toBeInstanceOf(ValidationError);
    }
    expect(await countNamed(name)).toBe(0);
  });

  it('when no key is sent, then each create runs', async () => {
    const name = `No key ${tag()}`;
    expect((await createWithKey(undefined, name)).isReplayed).toBe(false);
    expect((await createWithKey(undefined, name)).isReplayed).toBe(false);
    expect(await countNamed(name)).toBe(2);
  });
});

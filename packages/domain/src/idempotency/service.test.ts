import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Actor } from '../access.js';
import { mongoose } from '../db.js';
import { ForbiddenError, ServiceUnavailableError, ValidationError } from '../errors.js';
import { makeUser } from '../test-support/callers.js';
import { UserModel } from '../user/model.js';
import { useTestActors } from '../test-support/database.js';
import { UniversityModel } from '../university/model.js';
import { createUniversity, getUniversityById } from '../university/service.js';
import {
  IDEMPOTENCY_COLLECTION,
  IdempotencyInFlightError,
  IdempotencyKeyReusedError,
  sweepIdempotencyKeys,
  withIdempotency,
} from './service.js';

const { actors } = useTestActors();

const tag = () => randomUUID().slice(0, 8);
const OPERATION = 'test createUniversity';

/** A create of a university named `name` under `key`, by the editor unless told. */
function createWithKey(key: string | undefined, name: string, actor: Actor | null = actors.editor) {
  const input = { name, shortName: 'U' };
  return withIdempotency(
    { actor, key, operation: OPERATION, input, action: 'catalog:write' },
    universitySteps(actor, input),
  );
}

/** The create and the read-back of a university, as the transports pass them. */
function universitySteps(actor: Actor | null, input: Record<string, string>) {
  return {
    create: (id: string) => createUniversity({ actor: actor ?? undefined, input, id }),
    find: (id: string) => getUniversityById({ actor, id }),
  };
}

/** Steps whose create returns a constant and which never wrote anything. */
function fixedSteps<T>(create: (id: string) => Promise<T>) {
  return { create, find: async () => null };
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
      withIdempotency(
        { actor: actors.editor, key, operation: OPERATION, input, action: 'catalog:write' },
        universitySteps(actors.editor, input),
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
      { actor: actors.editor, key, operation: OPERATION, input, action: 'catalog:write' },
      fixedSteps(async () => {
        await held;
        return { done: true };
      }),
    );
    // The first has claimed the key once its insert is in: wait for the record.
    const keys = mongoose.connection.db!.collection(IDEMPOTENCY_COLLECTION);
    await expect
      .poll(() => keys.countDocuments({ _id: `${actors.editor.id}:${key}` } as never))
      .toBe(1);
    const retry = await withIdempotency(
      { actor: actors.editor, key, operation: OPERATION, input, action: 'catalog:write' },
      fixedSteps(async () => ({ done: false })),
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
      { actor: actors.editor, key, operation: OPERATION, input, action: 'catalog:write' },
      fixedSteps(() => Promise.reject(new ValidationError('refused'))),
    ).catch((e: unknown) => e);
    expect(failing).toBeInstanceOf(ValidationError);
    const retry = await withIdempotency(
      { actor: actors.editor, key, operation: OPERATION, input, action: 'catalog:write' },
      fixedSteps(async () => 'made'),
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
      { actor: null, key: 'k', operation: OPERATION, input: { name }, action: 'catalog:write' },
      fixedSteps(async () => {
        ran = true;
        return createUniversity({ actor: undefined, input: { name, shortName: 'U' } });
      }),
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

  it('when a create wrote but its request could not see it (the database went away), then the retry answers that resource as a replay and makes no second one', async () => {
    const key = `key-${tag()}`;
    const name = `Lost answer ${tag()}`;
    const input = { name, shortName: 'U' };
    const call = {
      actor: actors.editor,
      key,
      operation: OPERATION,
      input,
      action: 'catalog:write' as const,
    };
    const first = await withIdempotency(call, {
      create: async (id) => {
        await createUniversity({ actor: actors.editor, input, id });
        throw new ServiceUnavailableError();
      },
      find: () => Promise.reject(new ServiceUnavailableError()),
    }).catch((e: unknown) => e);
    expect(first).toBeInstanceOf(ServiceUnavailableError);
    const retry = await withIdempotency(call, universitySteps(actors.editor, input));
    expect(retry.isReplayed).toBe(true);
    expect(retry.value).toMatchObject({ name });
    expect(await countNamed(name)).toBe(1);
    // Kept now: a third try replays without reading the resource again.
    expect((await withIdempotency(call, universitySteps(actors.editor, input))).isReplayed).toBe(
      true,
    );
  });

  it('when a create failed before writing (a 5xx), then the retry creates with the id reserved the first time', async () => {
    const key = `key-${tag()}`;
    const name = `Rerun ${tag()}`;
    const input = { name, shortName: 'U' };
    const call = {
      actor: actors.editor,
      key,
      operation: OPERATION,
      input,
      action: 'catalog:write' as const,
    };
    const ids: string[] = [];
    await withIdempotency(call, {
      create: (id) => {
        ids.push(id);
        return Promise.reject(new ServiceUnavailableError());
      },
      find: async () => null,
    }).catch(() => undefined);
    const retry = await withIdempotency(call, universitySteps(actors.editor, input));
    expect(retry.isReplayed).toBe(false);
    expect(retry.value.id).toBe(ids[0]);
    expect(await countNamed(name)).toBe(1);
  });

  it('when the process serving a key died after the write (its lease ran out), then the retry takes it over and answers the resource', async () => {
    const key = `key-${tag()}`;
    const name = `Orphan ${tag()}`;
    const input = { name, shortName: 'U' };
    const call = {
      actor: actors.editor,
      key,
      operation: OPERATION,
      input,
      action: 'catalog:write' as const,
    };
    let resourceId = '';
    await withIdempotency(call, {
      create: async (id) => {
        resourceId = id;
        await createUniversity({ actor: actors.editor, input, id });
        throw new ServiceUnavailableError();
      },
      find: () => Promise.reject(new ServiceUnavailableError()),
    }).catch(() => undefined);
    // As a process killed after the write leaves it: running, owned by a run elsewhere.
    const keys = mongoose.connection.db!.collection(IDEMPOTENCY_COLLECTION);
    const id = `${actors.editor.id}:${key}`;
    const lease = (ms: number) =>
      keys.updateOne({ _id: id } as never, {
        $set: {
          state: 'running',
          owner: 'another-process:1',
          leaseUntil: new Date(Date.now() + ms),
        },
      });
    await lease(60_000);
    expect(await createWithKey(key, name).catch((e: unknown) => e)).toBeInstanceOf(
      IdempotencyInFlightError,
    );
    await lease(-1);
    const retry = await createWithKey(key, name);
    expect(retry).toMatchObject({ isReplayed: true, value: { id: resourceId } });
    expect(await countNamed(name)).toBe(1);
  });

  it('when the caller was deactivated or demoted since the first request, then a replay is 403', async () => {
    for (const change of [{ isActive: false }, { role: 'normal' }]) {
      const editor = await makeUser('editor');
      const key = `key-${tag()}`;
      const name = `Standing ${tag()}`;
      await createWithKey(key, name, editor.actor);
      await UserModel.updateOne({ _id: editor.actor.id }, { $set: change });
      // The request's actor is the earlier copy (as a cache would hold it): the record decides.
      const replay = await createWithKey(key, name, editor.actor).catch((e: unknown) => e);
      expect(replay, JSON.stringify(change)).toBeInstanceOf(ForbiddenError);
      expect(replay).toMatchObject({ status: 403 });
      expect(await countNamed(name)).toBe(1);
    }
  });
});

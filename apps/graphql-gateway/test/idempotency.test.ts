// GraphQL create mutations take an optional idempotencyKey with the REST header's rules; a replay
// says so in `extensions.idempotentReplayed`.
import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { uploadPaperFile } from '@qpc/domain';
import {
  makeCallers,
  makeCatalog,
  paperDraftsSettled,
  QuestionModel,
  samplePdf,
  UniversityModel,
} from '@qpc/domain/testing';
import type { TestCallers as Callers } from '@qpc/domain/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { academicMakers } from './support/academic.js';
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
    expect(first.body.extensions?.idempotentReplayed).toBeUndefined();
    expect(second.body.data).toEqual(first.body.data);
    expect(second.body.extensions).toEqual({ idempotentReplayed: true });
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

  it('when the schema is read, then every create mutation takes idempotencyKey', async () => {
    const res = await gw.gql(
      '{ __schema { mutationType { fields { name args { name } } } } }',
      {},
      callers.headers('admin'),
    );
    const fields = res.body.data.__schema.mutationType.fields as {
      name: string;
      args: { name: string }[];
    }[];
    const creates = fields.filter((f) => /^(create|init|accept)[A-Z]/.test(f.name));
    expect(creates.map((f) => f.name)).toEqual(
      expect.arrayContaining(['initSyllabus', 'acceptDrafts', 'createPaper', 'createSolution']),
    );
    for (const field of creates) {
      expect(
        field.args.map((a) => a.name),
        field.name,
      ).toContain('idempotencyKey');
    }
  });

  it('when initSyllabus is retried with its key, then the syllabus comes back marked as a replay', async () => {
    const { offering } = await academicMakers(() => callers.admin.actor).offering();
    const INIT = `mutation ($o: ObjectID!, $key: String) {
      initSyllabus(subjectOfferingId: $o, idempotencyKey: $key) { id subjectOfferingId } }`;
    const key = `g-${tag()}`;
    const first = await gw.gql(INIT, { o: offering.id, key }, callers.headers('editor'));
    const second = await gw.gql(INIT, { o: offering.id, key }, callers.headers('editor'));
    expect(first.body.errors).toBeUndefined();
    expect(second.body.errors).toBeUndefined();
    expect(second.body.data).toEqual(first.body.data);
    expect(second.body.extensions).toEqual({ idempotentReplayed: true });
    // Without the key, a second init is the usual CONFLICT: the replay was not a second create.
    const again = await gw.gql(INIT, { o: offering.id }, callers.headers('editor'));
    expect(again.body.errors[0].extensions.code).toBe('CONFLICT');
  });

  it('when acceptDrafts is retried with its key, then the same questions come back marked as a replay, made once', async () => {
    const c = await makeCatalog(callers.admin.actor, callers.normal.actor);
    const pdf = samplePdf(`Paper ${tag()}`, ['Q1. Define a binary heap. [2 marks]']);
    await uploadPaperFile({
      actor: callers.admin.actor,
      id: c.approved.id,
      body: Readable.from([pdf]),
      maxBytes: pdf.length,
    });
    await paperDraftsSettled(c.approved.id);
    const ACCEPT = `mutation ($p: ObjectID!, $d: [AcceptDraftInput!]!, $key: String) {
      acceptDrafts(paperId: $p, drafts: $d, idempotencyKey: $key) { id text } }`;
    const vars = { p: c.approved.id, d: [{ index: 0 }], key: `g-${tag()}` };
    const first = await gw.gql(ACCEPT, vars, callers.headers('editor'));
    const second = await gw.gql(ACCEPT, vars, callers.headers('editor'));
    expect(first.body.errors).toBeUndefined();
    expect(first.body.data.acceptDrafts).toHaveLength(1);
    expect(second.body.data).toEqual(first.body.data);
    expect(second.body.extensions).toEqual({ idempotentReplayed: true });
    // The catalog's approved paper has one question of its own, and now the accepted one.
    expect(await QuestionModel.countDocuments({ paperId: c.approved.id })).toBe(2);
  });
});

// A paper's durationMinutes through the graph: a field added to the domain's zod schemas only
// (CONTRIBUTING.md, "Add a field"), written, read back, cleared and refused out of range.
import { makeCatalog, makePaper } from '@qpc/domain/testing';
import type { Catalog } from '@qpc/domain/testing';
import { beforeAll, describe, expect, it } from 'vitest';
import { useGateway } from './support/suite.js';

const { gw, callers, admin } = useGateway();

let catalog: Catalog;
beforeAll(async () => {
  catalog = await makeCatalog(admin);
});

const CREATE =
  'mutation ($input: CreatePaperInput!) { createPaper(input: $input) { id slug durationMinutes } }';
const UPDATE =
  'mutation ($id: ObjectID!, $input: UpdatePaperInput!) { updatePaper(id: $id, input: $input) { durationMinutes } }';
const READ = 'query ($slug: Slug!) { paper(slug: $slug) { durationMinutes } }';

describe('durationMinutes of a paper', () => {
  it('when a paper is created with 180 minutes, then it reads back 180', async () => {
    const input = { subjectOfferingId: catalog.offering.id, examYear: 2022, examType: 'QUIZ' };
    const { body } = await gw.gql(
      CREATE,
      { input: { ...input, durationMinutes: 180 } },
      callers.headers('admin'),
    );
    expect(body.errors).toBeUndefined();
    expect(body.data.createPaper.durationMinutes).toBe(180);
    const { body: read } = await gw.gql(
      READ,
      { slug: body.data.createPaper.slug },
      callers.headers('admin'),
    );
    expect(read.data.paper.durationMinutes).toBe(180);
  });

  it('when a paper made without it is updated to 90 and then to null, then it reads null, 90, null', async () => {
    const paper = await makePaper(admin, catalog.offering.id, { status: 'draft' });
    const read = async () =>
      (await gw.gql(READ, { slug: paper.slug }, callers.headers('admin'))).body.data.paper
        .durationMinutes;
    expect(await read()).toBeNull();
    const set = await gw.gql(
      UPDATE,
      { id: paper.id, input: { durationMinutes: 90 } },
      callers.headers('admin'),
    );
    expect(set.body.data.updatePaper.durationMinutes).toBe(90);
    expect(await read()).toBe(90);
    const cleared = await gw.gql(
      UPDATE,
      { id: paper.id, input: { durationMinutes: null } },
      callers.headers('admin'),
    );
    expect(cleared.body.data.updatePaper.durationMinutes).toBeNull();
    expect(await read()).toBeNull();
  });

  it('when durationMinutes is 0, then BAD_USER_INPUT naming the field and the paper keeps its value', async () => {
    const paper = await makePaper(admin, catalog.offering.id, { status: 'draft' });
    await gw.gql(
      UPDATE,
      { id: paper.id, input: { durationMinutes: 60 } },
      callers.headers('admin'),
    );
    const { body } = await gw.gql(
      UPDATE,
      { id: paper.id, input: { durationMinutes: 0 } },
      callers.headers('admin'),
    );
    expect(body.errors[0].extensions.code).toBe('BAD_USER_INPUT');
    expect(JSON.stringify(body.errors[0])).toContain('durationMinutes');
    const { body: read } = await gw.gql(READ, { slug: paper.slug }, callers.headers('admin'));
    expect(read.data.paper.durationMinutes).toBe(60);
  });
});

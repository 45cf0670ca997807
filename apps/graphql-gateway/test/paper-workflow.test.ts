// The review workflow through the graph: submitPaper, approving an empty paper with and without
// force, papers(createdBy: "me"), and who sees a paper's questionCount and draftsWaiting.
import type { Actor } from '@qpc/domain';
import { createQuestion } from '@qpc/domain';
import { actorOf, makeCatalog, makePaper, uid } from '@qpc/domain/testing';
import type { Catalog, CallerKind } from '@qpc/domain/testing';
import { beforeAll, describe, expect, it } from 'vitest';
import { useGateway } from './support/suite.js';

const { gw, callers, admin } = useGateway();

let editor: Actor;
let catalog: Catalog;
beforeAll(async () => {
  editor = await actorOf(callers.sub('editor'));
  catalog = await makeCatalog(admin);
});

const SUBMIT =
  'mutation ($id: ObjectID!, $note: String) { submitPaper(id: $id, note: $note) { id status createdBy statusHistory { from to by reason } } }';
const APPROVE =
  'mutation ($id: ObjectID!, $force: Boolean) { setPaperStatus(id: $id, status: APPROVED, force: $force) { id status questionCount } }';

const as = (kind: CallerKind) => callers.headers(kind);
const editorsDraft = () => makePaper(editor, catalog.offering.id, { status: 'draft' });
const addQuestion = (paperId: string) =>
  createQuestion({
    actor: admin,
    input: { paperId, text: `Define a heap q${uid()}`, type: 'short', difficulty: 'easy' },
  });

describe('submitPaper', () => {
  it('when its editor submits a draft with a note, then it is PENDING with the note as the reason', async () => {
    const paper = await editorsDraft();
    const { body } = await gw.gql(SUBMIT, { id: paper.id, note: 'Ready' }, as('editor'));
    expect(body.errors).toBeUndefined();
    expect(body.data.submitPaper).toEqual({
      id: paper.id,
      status: 'PENDING',
      createdBy: editor.id,
      statusHistory: [{ from: 'DRAFT', to: 'PENDING', by: editor.id, reason: 'Ready' }],
    });
  });

  it('when another editor submits it, then FORBIDDEN and it stays a draft', async () => {
    const paper = await makePaper(admin, catalog.offering.id, { status: 'draft' });
    const { body } = await gw.gql(SUBMIT, { id: paper.id }, as('editor'));
    expect(body.errors[0].extensions.code).toBe('FORBIDDEN');
    const { body: read } = await gw.gql(
      'query ($slug: Slug!) { paper(slug: $slug) { status } }',
      { slug: paper.slug },
      as('admin'),
    );
    expect(read.data.paper.status).toBe('DRAFT');
  });

  it('when a pending paper is submitted, then CONFLICT', async () => {
    const paper = await makePaper(editor, catalog.offering.id, { status: 'pending' });
    const { body } = await gw.gql(SUBMIT, { id: paper.id }, as('editor'));
    expect(body.errors[0].extensions.code).toBe('CONFLICT');
  });

  it.each([
    ['anonymous', 'UNAUTHENTICATED'],
    ['normal', 'FORBIDDEN'],
  ] as const)('when a %s caller submits, then %s', async (kind, code) => {
    const paper = await editorsDraft();
    const { body } = await gw.gql(SUBMIT, { id: paper.id }, as(kind));
    expect(body.errors[0].extensions.code).toBe(code);
  });
});

describe('approving an empty paper', () => {
  it('when an admin approves a paper without questions, then PAPER_EMPTY; with force, APPROVED', async () => {
    const paper = await makePaper(editor, catalog.offering.id, { status: 'pending' });
    const refused = await gw.gql(APPROVE, { id: paper.id }, as('admin'));
    expect(refused.body.errors[0].extensions.code).toBe('PAPER_EMPTY');
    expect(refused.body.data).toBeNull();
    const forced = await gw.gql(APPROVE, { id: paper.id, force: true }, as('admin'));
    expect(forced.body.data.setPaperStatus).toEqual({
      id: paper.id,
      status: 'APPROVED',
      questionCount: 0,
    });
  });

  it('when the paper has a question, then it is approved without force', async () => {
    const paper = await makePaper(editor, catalog.offering.id, { status: 'pending' });
    await addQuestion(paper.id);
    const { body } = await gw.gql(APPROVE, { id: paper.id }, as('admin'));
    expect(body.data.setPaperStatus).toMatchObject({ status: 'APPROVED', questionCount: 1 });
  });
});

describe('papers(createdBy) and the counts', () => {
  const MINE =
    'query ($offering: ObjectID) { papers(createdBy: "me", subjectOfferingId: $offering, limit: 100) { items { id createdBy questionCount draftsWaiting } } }';

  it('when an editor asks for createdBy "me", then only their papers come back', async () => {
    const mine = await editorsDraft();
    const theirs = await makePaper(admin, catalog.offering.id, { status: 'draft' });
    const { body } = await gw.gql(MINE, { offering: catalog.offering.id }, as('editor'));
    const items = body.data.papers.items as { id: string; createdBy: string }[];
    expect(items.map((p) => p.id)).toContain(mine.id);
    expect(items.map((p) => p.id)).not.toContain(theirs.id);
    expect(items.every((p) => p.createdBy === editor.id)).toBe(true);
  });

  it.each([
    ['anonymous', 'UNAUTHENTICATED'],
    ['normal', 'FORBIDDEN'],
  ] as const)('when a %s caller filters by createdBy, then %s', async (kind, code) => {
    const { body } = await gw.gql(MINE, { offering: catalog.offering.id }, as(kind));
    expect(body.errors[0].extensions.code).toBe(code);
  });

  it('when papers are read nested and listed, then questionCount shows to all and draftsWaiting only to editors and admins', async () => {
    const paper = await makePaper(editor, catalog.offering.id, { status: 'pending' });
    await addQuestion(paper.id);
    await addQuestion(paper.id);
    await gw.gql(APPROVE, { id: paper.id }, as('admin'));
    const NESTED =
      'query ($id: ObjectID!) { subjectOffering(id: $id) { papers { id questionCount draftsWaiting createdBy } } }';
    const LISTED =
      'query ($id: ObjectID!) { papers(subjectOfferingId: $id, limit: 100) { items { id questionCount draftsWaiting createdBy } } }';
    for (const kind of ['anonymous', 'normal', 'editor', 'admin'] as const) {
      const seesAll = kind === 'editor' || kind === 'admin';
      const nested = await gw.gql(NESTED, { id: catalog.offering.id }, as(kind));
      const listed = await gw.gql(LISTED, { id: catalog.offering.id }, as(kind));
      for (const papers of [
        nested.body.data.subjectOffering.papers,
        listed.body.data.papers.items,
      ] as { id: string }[][]) {
        expect(papers.find((p) => p.id === paper.id)).toEqual({
          id: paper.id,
          questionCount: 2,
          draftsWaiting: seesAll ? 0 : null,
          createdBy: seesAll ? editor.id : null,
        });
      }
    }
  });
});

describe('counting papers in batches', () => {
  const LISTED =
    'query ($id: ObjectID!) { papers(subjectOfferingId: $id, limit: 100) { items { id questionCount draftsWaiting } } }';
  const NESTED =
    'query ($id: ObjectID!) { subjectOffering(id: $id) { papers { id questionCount draftsWaiting } } }';

  it('when an offering has 2 papers and then 12, then listing and nesting them with their counts takes the same database commands', async () => {
    const c = await makeCatalog(admin);
    const measure = async () => {
      const result: Record<string, { papers: number; commands: string[] }> = {};
      for (const [name, query] of [
        ['listed', LISTED],
        ['nested', NESTED],
      ] as const) {
        const { result: reply, commands } = await gw.countCommands(() =>
          gw.gql(query, { id: c.offering.id }, as('editor')),
        );
        expect(reply.body.errors).toBeUndefined();
        const data = reply.body.data;
        const papers = name === 'listed' ? data.papers.items : data.subjectOffering.papers;
        // Parallel reads finish in any order: the commands are compared as a multiset.
        result[name] = { papers: papers.length, commands: [...commands].sort() };
      }
      return result;
    };
    // The first request also reads the caller (then kept for AUTH_USER_CACHE_MS).
    await measure();
    const few = await measure();
    for (let i = 0; i < 10; i += 1) {
      const paper = await makePaper(editor, c.offering.id, { status: 'pending' });
      if (i % 2 === 0) await addQuestion(paper.id);
    }
    const many = await measure();
    expect(few.listed!.papers).toBe(2);
    expect(many.listed!.papers).toBe(12);
    expect(many.nested!.papers).toBe(12);
    expect(many.listed!.commands).toEqual(few.listed!.commands);
    expect(many.nested!.commands).toEqual(few.nested!.commands);
  });
});

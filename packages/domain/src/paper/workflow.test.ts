import { Readable } from 'node:stream';
import { Types } from 'mongoose';
import { describe, expect, it } from 'vitest';
import { acceptDrafts } from '../drafts/service.js';
import { paperDraftsSettled } from '../drafts/compute.js';
import { uploadPaperFile } from '../paper-file/service.js';
import { samplePdf } from '../paper-file/sample-pdf.js';
import { refusedUnlessEditor } from '../test-support/callers.js';
import { useOffering } from '../test-support/content-hooks.js';
import { makePaper, makeQuestion } from '../test-support/content-fixtures.js';
import { missingId, useTestActors } from '../test-support/database.js';
import { expectRefused } from '../test-support/refusals.js';
import { readPaperCountsByIds } from './counts.js';
import { PaperModel } from './model.js';
import { createPaper, getPaperById, listPapers } from './service.js';
import { setPaperStatus, submitPaper } from './workflow.js';

const { actors, who } = useTestActors();
const fixture = useOffering();

/** A paper the file's editor created, in `status`. */
const editorsPaper = (status: 'draft' | 'pending' | 'approved' | 'rejected' = 'draft') =>
  makePaper(fixture.offeringId, { status, createdBy: actors.editor.id });

describe('submitPaper', () => {
  it.each(['draft', 'rejected'] as const)(
    'when its editor submits a %s paper with a note, then it is pending and the note is the recorded reason',
    async (status) => {
      const { id } = await editorsPaper(status);
      // A rejected fixture carries the history of its review: the submit adds one entry to it.
      const before = (await PaperModel.findById(id).lean())!.statusHistory;
      const paper = await submitPaper({ actor: actors.editor, id, input: { note: 'Fixed Q3' } });
      expect(paper.status).toBe('pending');
      expect(paper.statusHistory).toEqual([
        ...before.map((entry) => expect.objectContaining({ from: entry.from, to: entry.to })),
        expect.objectContaining({
          from: status,
          to: 'pending',
          by: actors.editor.id,
          reason: 'Fixed Q3',
        }),
      ]);
      expect((await PaperModel.findById(id).lean())?.status).toBe('pending');
    },
  );

  it('when an editor submits a paper without a note, then the recorded reason is null', async () => {
    const { id } = await editorsPaper();
    const paper = await submitPaper({ actor: actors.editor, id });
    expect(paper.statusHistory![0]).toMatchObject({ to: 'pending', reason: null });
  });

  it.each(['pending', 'approved'] as const)(
    'when a %s paper is submitted, then it is a 409 and nothing is recorded',
    async (status) => {
      const { id } = await editorsPaper(status);
      const before = (await PaperModel.findById(id).lean())!.statusHistory;
      await expectRefused(submitPaper({ actor: actors.editor, id }), { status: 409 });
      expect(await PaperModel.findById(id).lean()).toMatchObject({ status, statusHistory: before });
    },
  );

  it('when another editor submits the paper, then it is a 403 and it stays a draft', async () => {
    const { id } = await makePaper(fixture.offeringId, { status: 'draft', createdBy: missingId });
    await expectRefused(submitPaper({ actor: actors.editor, id }), { status: 403 });
    expect((await PaperModel.findById(id).lean())?.status).toBe('draft');
  });

  it('when an admin submits a paper someone else created, then it is pending', async () => {
    const { id } = await editorsPaper('rejected');
    const paper = await submitPaper({ actor: actors.admin, id });
    expect(paper).toMatchObject({ status: 'pending', createdBy: actors.editor.id });
  });

  it('when a paper has no recorded creator, then only an admin may submit it', async () => {
    const { id } = await makePaper(fixture.offeringId, { status: 'draft' });
    await PaperModel.collection.updateOne(
      { _id: new Types.ObjectId(id) },
      { $unset: { createdBy: '' } },
    );
    await expectRefused(submitPaper({ actor: actors.editor, id }), { status: 403 });
    const paper = await submitPaper({ actor: actors.admin, id });
    expect(paper).toMatchObject({ status: 'pending', createdBy: null });
  });

  it.each(refusedUnlessEditor)(
    'when %s submits a paper, then it is refused with %i',
    async (_n, status, kind) => {
      const { id } = await editorsPaper();
      await expectRefused(submitPaper({ actor: who(kind), id }), { status });
      expect((await PaperModel.findById(id).lean())?.status).toBe('draft');
    },
  );

  it.each([
    ['an unknown field', { reason: 'x' }, 'reason'],
    ['a note of 501 characters', { note: 'x'.repeat(501) }, 'note'],
  ])('when the body has %s, then it is a 400 naming it', async (_n, input, path) => {
    const { id } = await editorsPaper();
    await expectRefused(submitPaper({ actor: actors.editor, id, input }), {
      status: 400,
      details: [{ path }],
    });
  });

  it('when the paper does not exist, then it is a 404', async () => {
    await expectRefused(submitPaper({ actor: actors.editor, id: missingId }), { status: 404 });
  });
});

describe('approving an empty paper', () => {
  it('when an admin approves a paper with no questions, then it is a 409 PAPER_EMPTY and it stays pending', async () => {
    const { id } = await editorsPaper('pending');
    await expect(
      setPaperStatus({ actor: actors.admin, id, input: { status: 'approved' } }),
    ).rejects.toMatchObject({ status: 409, code: 'PAPER_EMPTY' });
    expect(await PaperModel.findById(id).lean()).toMatchObject({
      status: 'pending',
      statusHistory: [],
    });
  });

  it('when the admin sends force: true, then the empty paper is approved', async () => {
    const { id } = await editorsPaper('pending');
    const paper = await setPaperStatus({
      actor: actors.admin,
      id,
      input: { status: 'approved', force: true },
    });
    expect(paper).toMatchObject({ status: 'approved', questionCount: 0 });
  });

  it('when the paper has a question, then it is approved without force', async () => {
    const { id } = await editorsPaper('pending');
    await makeQuestion(id);
    const paper = await setPaperStatus({ actor: actors.admin, id, input: { status: 'approved' } });
    expect(paper).toMatchObject({ status: 'approved', questionCount: 1 });
  });

  it('when an empty paper is rejected, then no force is needed', async () => {
    const { id } = await editorsPaper('pending');
    const paper = await setPaperStatus({ actor: actors.admin, id, input: { status: 'rejected' } });
    expect(paper.status).toBe('rejected');
  });
});

describe('createdBy', () => {
  it('when an editor creates a paper, then createdBy is theirs, and only editors and admins see it', async () => {
    const made = await createPaper({
      actor: actors.editor,
      input: { subjectOfferingId: fixture.offeringId, examYear: 2021, examType: 'quiz' },
    });
    expect(made.createdBy).toBe(actors.editor.id);
    await setPaperStatus({
      actor: actors.admin,
      id: made.id,
      input: { status: 'approved', force: true },
    });
    for (const kind of ['admin', 'editor'] as const) {
      expect(await getPaperById({ actor: who(kind), id: made.id })).toMatchObject({
        createdBy: actors.editor.id,
      });
    }
    for (const kind of ['anonymous', 'normal'] as const) {
      const paper = await getPaperById({ actor: who(kind), id: made.id });
      expect(paper).not.toHaveProperty('createdBy');
      expect(paper).not.toHaveProperty('draftsWaiting');
    }
  });

  it('when an editor lists createdBy=me, then only their papers come back, every status included', async () => {
    const mine = await Promise.all([editorsPaper('draft'), editorsPaper('rejected')]);
    const others = await makePaper(fixture.offeringId, { status: 'draft', createdBy: missingId });
    const page = await listPapers({
      actor: actors.editor,
      query: { createdBy: 'me', subjectOfferingId: fixture.offeringId, limit: 100 },
    });
    const ids = page.items.map((p) => p.id);
    expect(ids).toEqual(expect.arrayContaining(mine.map((p) => p.id)));
    expect(ids).not.toContain(others.id);
    expect(page.items.every((p) => p.createdBy === actors.editor.id)).toBe(true);
  });

  it("when an admin lists createdBy=<an editor's id>, then that editor's papers come back", async () => {
    const mine = await editorsPaper('pending');
    const page = await listPapers({
      actor: actors.admin,
      query: { createdBy: actors.editor.id, status: 'pending', limit: 100 },
    });
    expect(page.items.map((p) => p.id)).toContain(mine.id);
    expect(page.items.every((p) => p.createdBy === actors.editor.id)).toBe(true);
  });

  it.each([
    ['an anonymous caller', 'anonymous', 401],
    ['a normal user', 'normal', 403],
    ['a deactivated editor', 'deactivated', 403],
  ] as const)(
    'when %s filters by createdBy, then it is refused with %i',
    async (_n, kind, status) => {
      await expectRefused(listPapers({ actor: who(kind), query: { createdBy: 'me' } }), { status });
    },
  );

  it('when createdBy is neither me nor an id, then it is a 400 naming createdBy', async () => {
    await expectRefused(listPapers({ actor: actors.editor, query: { createdBy: 'someone' } }), {
      status: 400,
      details: [{ path: 'createdBy' }],
    });
  });
});

describe('questionCount and draftsWaiting', () => {
  it('when a paper has questions and drafts, then each reader sees its count, and editors the drafts waiting', async () => {
    const { id } = await editorsPaper('pending');
    const pdf = samplePdf(`Counts ${id}`, [
      '1. Define entropy. [2 marks]',
      '2. State the second law of thermodynamics. [3 marks]',
      '3. Explain the Carnot cycle. [5 marks]',
    ]);
    await uploadPaperFile({
      actor: actors.editor,
      id,
      body: Readable.from([pdf]),
      maxBytes: pdf.length,
    });
    await paperDraftsSettled(id);
    await acceptDrafts({ actor: actors.editor, id, input: { drafts: [{ index: 0 }] } });
    await makeQuestion(id);
    const editorView = await getPaperById({ actor: actors.editor, id });
    expect(editorView).toMatchObject({ questionCount: 2, draftsWaiting: 2 });
    await setPaperStatus({ actor: actors.admin, id, input: { status: 'approved' } });
    const publicView = await getPaperById({ actor: null, id });
    expect(publicView.questionCount).toBe(2);
    expect(publicView).not.toHaveProperty('draftsWaiting');
  });

  it('when the figures of several papers are read at once, then each gets its own, none missing', async () => {
    const [a, b] = await Promise.all([editorsPaper('approved'), editorsPaper('approved')]);
    await Promise.all([makeQuestion(a.id), makeQuestion(a.id), makeQuestion(b.id)]);
    const empty = await editorsPaper('approved');
    const counts = await readPaperCountsByIds(null, [a.id, b.id, empty.id, 'not-an-id']);
    expect(Object.fromEntries(counts)).toEqual({
      [a.id]: { questionCount: 2 },
      [b.id]: { questionCount: 1 },
      [empty.id]: { questionCount: 0 },
    });
    const forEditor = await readPaperCountsByIds(actors.editor, [a.id]);
    expect(forEditor.get(a.id)).toEqual({ questionCount: 2, draftsWaiting: 0 });
  });

  it('when a normal user counts a pending paper, then its questions are not counted', async () => {
    const { id } = await editorsPaper('pending');
    await makeQuestion(id);
    const counts = await readPaperCountsByIds(actors.normal, [id]);
    expect(counts.get(id)).toEqual({ questionCount: 0 });
    expect((await readPaperCountsByIds(actors.admin, [id])).get(id)?.questionCount).toBe(1);
  });
});

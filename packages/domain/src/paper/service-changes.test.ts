import { describe, expect, it } from 'vitest';
import { PaperModel } from './model.js';
import {
  deletePaper,
  getPaperById,
  getPaperBySlug,
  setPaperStatus,
  updatePaper,
} from './service.js';
import { refusedUnlessAdmin } from '../test-support/callers.js';
import { useOffering } from '../test-support/content-hooks.js';
import { makePaper, makeQuestion } from '../test-support/content-fixtures.js';
import { missingId, useTestActors } from '../test-support/database.js';
import { expectRefused } from '../test-support/refusals.js';

const { actors, who } = useTestActors();
// The tests make their own papers; they only share the offering the papers belong to.
const fixture = useOffering();

describe('updatePaper', () => {
  it('when an editor updates title, year and type, then the paper changes and keeps its status', async () => {
    const { id } = await makePaper(fixture.offeringId, { status: 'approved' });
    const paper = await updatePaper({
      actor: actors.editor,
      id,
      input: { title: 'Renamed', examYear: 2020, examType: 'supplementary', slug: 'renamed-paper' },
    });
    expect(paper).toMatchObject({
      id,
      title: 'Renamed',
      examYear: 2020,
      examType: 'supplementary',
      slug: 'renamed-paper',
      status: 'approved',
    });
  });

  it.each([
    ['status', { status: 'approved' }],
    ['subjectOfferingId', { subjectOfferingId: missingId }],
    ['createdBy', { createdBy: missingId }],
    ['nothing at all', {}],
    ['examYear out of range', { examYear: 1850 }],
  ])('when the body has %s, then it is a 400 and nothing changes', async (_n, input) => {
    const { id } = await makePaper(fixture.offeringId, { status: 'pending' });
    await expect(updatePaper({ actor: actors.admin, id, input })).rejects.toMatchObject({
      status: 400,
    });
    expect((await PaperModel.findById(id).lean())?.status).toBe('pending');
  });

  it('when the new slug belongs to another paper, then it is a 409 naming slug', async () => {
    const other = await makePaper(fixture.offeringId);
    const { id } = await makePaper(fixture.offeringId);
    await expectRefused(updatePaper({ actor: actors.editor, id, input: { slug: other.slug } }), {
      status: 409,
      details: [{ path: 'slug' }],
    });
  });
});

describe('setPaperStatus', () => {
  it('when an admin approves then rejects a paper, then each change is recorded in order with from, to, by, at and reason', async () => {
    const { id, slug } = await makePaper(fixture.offeringId, { status: 'pending' });
    await makeQuestion(id);
    const approved = await setPaperStatus({
      actor: actors.admin,
      id,
      input: { status: 'approved' },
    });
    expect(approved.status).toBe('approved');
    expect(await getPaperBySlug({ actor: null, slug })).toMatchObject({ id, status: 'approved' });

    const rejected = await setPaperStatus({
      actor: actors.admin,
      id,
      input: { status: 'rejected', reason: 'Duplicate of another paper' },
    });
    expect(rejected.statusHistory).toHaveLength(2);
    expect(rejected.statusHistory![0]).toMatchObject({
      from: 'pending',
      to: 'approved',
      by: actors.admin.id,
      reason: null,
    });
    expect(rejected.statusHistory![1]).toMatchObject({
      from: 'approved',
      to: 'rejected',
      by: actors.admin.id,
      reason: 'Duplicate of another paper',
    });
    expect(Date.parse(rejected.statusHistory![1]!.at)).toBeGreaterThanOrEqual(
      Date.parse(rejected.statusHistory![0]!.at),
    );
    await expect(getPaperBySlug({ actor: null, slug })).rejects.toMatchObject({ status: 404 });
  });

  it('when an admin moves a paper back to draft, then it is allowed and recorded', async () => {
    const { id } = await makePaper(fixture.offeringId, { status: 'approved' });
    // The approved fixture carries the history of its review: the move adds one entry to it.
    const before = (await PaperModel.findById(id).lean())!.statusHistory;
    const paper = await setPaperStatus({ actor: actors.admin, id, input: { status: 'draft' } });
    expect(paper).toMatchObject({
      status: 'draft',
      statusHistory: [
        ...before.map(({ from, to }) => ({ from, to })),
        { from: 'approved', to: 'draft' },
      ],
    });
  });

  it.each(refusedUnlessAdmin)(
    'when %s sets a status, then it is refused with %i and nothing is recorded',
    async (_n, status, actor) => {
      const { id } = await makePaper(fixture.offeringId, { status: 'pending' });
      await expect(
        setPaperStatus({ actor: who(actor), id, input: { status: 'approved' } }),
      ).rejects.toMatchObject({ status });
      const doc = await PaperModel.findById(id).lean();
      expect(doc).toMatchObject({ status: 'pending', statusHistory: [] });
    },
  );

  it.each([
    ['an unknown status', { status: 'published' }],
    ['no status', { reason: 'why not' }],
    ['an extra field', { status: 'approved', by: missingId }],
  ])('when the body has %s, then it is a 400', async (_n, input) => {
    const { id } = await makePaper(fixture.offeringId, { status: 'pending' });
    await expect(setPaperStatus({ actor: actors.admin, id, input })).rejects.toMatchObject({
      status: 400,
    });
  });

  it('when the paper does not exist, then it is a 404', async () => {
    await expect(
      setPaperStatus({
        actor: actors.admin,
        id: missingId,
        input: { status: 'approved' },
      }),
    ).rejects.toMatchObject({ status: 404 });
  });

  it('when several admins change the status at once, then every change is in the history and chained', async () => {
    const { id } = await makePaper(fixture.offeringId, { status: 'pending' });
    await makeQuestion(id);
    const targets = ['approved', 'rejected', 'draft', 'approved', 'pending'] as const;
    await Promise.all(
      targets.map((status) => setPaperStatus({ actor: actors.admin, id, input: { status } })),
    );
    const doc = await PaperModel.findById(id).lean();
    expect(doc!.statusHistory).toHaveLength(targets.length);
    let previous = 'pending';
    for (const entry of doc!.statusHistory) {
      expect(entry.from).toBe(previous);
      previous = entry.to;
    }
    expect(doc!.status).toBe(previous);
  });
});

describe('deletePaper', () => {
  it('when an admin deletes a paper without questions, then it is gone', async () => {
    const { id } = await makePaper(fixture.offeringId);
    await deletePaper({ actor: actors.admin, id });
    expect(await PaperModel.exists({ _id: id })).toBeNull();
    await expect(getPaperById({ actor: actors.admin, id })).rejects.toMatchObject({ status: 404 });
  });

  it('when the paper has questions, then it is a 409 saying how many and the paper stays', async () => {
    const { id } = await makePaper(fixture.offeringId);
    await makeQuestion(id);
    await makeQuestion(id);
    await expectRefused(
      deletePaper({ actor: actors.admin, id }),
      { status: 409, message: 'Paper cannot be deleted: 2 questions still reference it' },
      { model: PaperModel, id },
    );
  });

  it('when the id is malformed, then it is a 400', async () => {
    await expectRefused(deletePaper({ actor: actors.admin, id: 'zzz' }), { status: 400 });
  });
});

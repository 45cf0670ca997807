import type {} from '@qpc/ferretdb/vitest-global-setup';
import { randomUUID } from 'node:crypto';
import mongoose from 'mongoose';
import { describe, expect, inject, it } from 'vitest';
import { discardPaperDrafts, paperDraftsSettled } from '../drafts/compute.js';
import { PaperDraftsModel } from '../drafts/model.js';
import { PaperModel } from '../paper/model.js';
import { textPdf } from '../pdf/write.js';
import { repairHalfWrites } from '../storage/repairs.js';
import { refuseWrites } from '../test-support/faults.js';
import { bucket, usePaperFileTests } from '../test-support/paper-files.js';
import { bodyOf } from '../test-support/pdf-bytes.js';
import { PENDING_WRITES_COLLECTION } from '../writing/pending-writes.js';
import { createPaperFromPdf } from './from-pdf.js';

const { actors, newPaperWithFile } = usePaperFileTests();
const postgresUrl = inject('postgresUrl');
const MAX = 1024 * 1024;

/** A one-page paper whose title block prints `sitting`; unique by a question's text. */
function paperPdf(sitting: string): Buffer {
  return textPdf([
    [
      { x: 72, y: 790, text: 'Institute of Technology', size: 16 },
      { x: 72, y: 770, text: sitting },
      { x: 72, y: 740, text: 'Q1. Explain paging with an example. [5 marks]' },
      { x: 72, y: 720, text: `Q2. Describe the run ${randomUUID()} of a scheduler. [5 marks]` },
    ],
  ]);
}

/** The offering of the test file's papers (one with a file exists, so its drafts' table does). */
async function offeringOf(): Promise<string> {
  const { paper } = await newPaperWithFile();
  const stored = await PaperModel.findById(paper.id, { subjectOfferingId: 1 }).lean();
  return String(stored!.subjectOfferingId);
}

const papersOf = (subjectOfferingId: string) => PaperModel.countDocuments({ subjectOfferingId });
const journalRows = () =>
  mongoose.connection.db!.collection(PENDING_WRITES_COLLECTION).countDocuments({
    kind: 'paper-from-pdf',
  });

function fromPdf(subjectOfferingId: string, pdf: Buffer, query: Record<string, unknown> = {}) {
  return createPaperFromPdf({
    actor: actors.editor,
    query: { subjectOfferingId, ...query },
    body: bodyOf(pdf, 4096),
    maxBytes: MAX,
  });
}

describe('createPaperFromPdf', () => {
  it('when the first page prints the sitting, then the paper takes its year and type, holds the file and its drafts start', async () => {
    const offeringId = await offeringOf();
    const paper = await fromPdf(offeringId, paperPdf('End Semester Examination, May 2023'));
    expect(paper).toMatchObject({ examYear: 2023, examType: 'end-term', status: 'pending' });
    expect(paper.file).not.toBeNull();
    await paperDraftsSettled(paper.id);
    const drafts = await PaperDraftsModel.findById(paper.id).lean();
    expect(drafts?.status).toBe('ready');
    expect(drafts?.drafts).toHaveLength(2);
  });

  it('when the query gives the sitting, then it wins over the first page', async () => {
    const offeringId = await offeringOf();
    const paper = await fromPdf(offeringId, paperPdf('End Semester Examination, May 2023'), {
      examYear: 2021,
      examType: 'quiz',
      status: 'draft',
    });
    expect(paper).toMatchObject({ examYear: 2021, examType: 'quiz', status: 'draft' });
  });

  it('when neither the query nor the first page gives the year, then 422 naming it and nothing is kept', async () => {
    const offeringId = await offeringOf();
    const before = { papers: await papersOf(offeringId), bucket: await bucket.state() };
    await expect(fromPdf(offeringId, paperPdf('Mid-Term Test'))).rejects.toMatchObject({
      status: 422,
      code: 'SITTING_NOT_FOUND',
      details: [{ path: 'examYear', message: expect.any(String) }],
    });
    expect(await papersOf(offeringId)).toBe(before.papers);
    expect(await bucket.state()).toEqual(before.bucket);
  });
});

describe.skipIf(!postgresUrl)('a paper from its PDF whose later steps fail', () => {
  it('when the engine refuses its drafts after the paper is made, then the error is answered and neither the paper nor its file stays', async () => {
    const offeringId = await offeringOf();
    const before = { papers: await papersOf(offeringId), bucket: await bucket.state() };
    const lift = await refuseWrites({
      postgresUrl: postgresUrl!,
      collection: 'paperdrafts',
      operation: 'INSERT',
    });
    try {
      await expect(
        fromPdf(offeringId, paperPdf('End Semester Examination 2022')),
      ).rejects.toBeDefined();
    } finally {
      await lift();
    }
    expect(await papersOf(offeringId)).toBe(before.papers);
    expect(await bucket.state()).toEqual(before.bucket);
    expect(await journalRows()).toBe(0);
  });

  it('when a paper stopped before its drafts started, then the repair pass starts them', async () => {
    const offeringId = await offeringOf();
    const paper = await fromPdf(offeringId, paperPdf('Supplementary Examination 2020'));
    await paperDraftsSettled(paper.id);
    // What a stop between the insert and the drafts leaves: the paper, its file, its journal row.
    await discardPaperDrafts(paper.id);
    await mongoose.connection.db!.collection(PENDING_WRITES_COLLECTION).insertOne({
      kind: 'paper-from-pdf',
      targetId: paper.id,
      at: new Date(Date.now() - 120_000),
    });
    await repairHalfWrites(60_000);
    await paperDraftsSettled(paper.id);
    const drafts = await PaperDraftsModel.findById(paper.id).lean();
    expect(drafts?.status).toBe('ready');
    expect(String(drafts?.fileId)).toBe(
      String((await PaperModel.findById(paper.id).lean())?.file?.fileId),
    );
    expect(await journalRows()).toBe(0);
  });
});

// Drafts left pending by a reading that stopped (a restart during OCR) are read again by the
// sweep a bounded number of times, then failed with the reason: never pending for ever.
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { paperDraftsSettled, resumePendingDrafts } from '../drafts/compute.js';
import { PaperDraftsModel } from '../drafts/model.js';
import { getPaperDrafts } from '../drafts/service.js';
import { uploadPaperFile } from '../paper-file/service.js';
import { textPdf } from '../pdf/write.js';
import { useOffering } from '../test-support/content-hooks.js';
import { makePaper } from '../test-support/content-fixtures.js';
import { useTestActors } from '../test-support/database.js';
import { DEFAULT_DRAFTS_READING } from './settings.js';

const { actors } = useTestActors();

const offering = useOffering();

async function uploadedPaper(): Promise<string> {
  const paper = await makePaper(offering.offeringId);
  const pdf = textPdf([[{ x: 72, y: 780, text: `Q1. Define a semaphore ${paper.id}. [2]` }]]);
  await uploadPaperFile({
    actor: actors.editor,
    id: paper.id,
    body: Readable.from([pdf]),
    maxBytes: 1 << 20,
  });
  await paperDraftsSettled(paper.id);
  return paper.id;
}

/** The drafts as a reading that stopped leaves them: pending, quiet for a minute. */
async function leftPending(paperId: string, attempts: number): Promise<void> {
  const quiet = new Date(Date.now() - 60_000);
  await PaperDraftsModel.updateOne(
    { _id: paperId },
    { $set: { status: 'pending', drafts: [], startedAt: quiet, heartbeatAt: quiet, attempts } },
  );
}

describe('drafts left pending by a stopped reading', () => {
  it('when they have been read fewer times than allowed, then the sweep reads them again and counts it', async () => {
    const paperId = await uploadedPaper();
    await leftPending(paperId, 1);
    expect(await resumePendingDrafts()).toBeGreaterThanOrEqual(1);
    await paperDraftsSettled(paperId);
    const read = await getPaperDrafts({ actor: actors.editor, id: paperId });
    expect(read).toMatchObject({ status: 'ready', progress: null });
    expect(read.drafts.map((d) => d.number)).toEqual(['1']);
    expect((await PaperDraftsModel.findById(paperId).lean())?.attempts).toBe(2);
  });

  it('when they were read the most times allowed, then the sweep marks them failed with the reason', async () => {
    const paperId = await uploadedPaper();
    await leftPending(paperId, DEFAULT_DRAFTS_READING.maxAttempts);
    expect(await resumePendingDrafts()).toBeGreaterThanOrEqual(1);
    const read = await getPaperDrafts({ actor: actors.editor, id: paperId });
    expect(read.status).toBe('failed');
    expect(read.reason).toBe(
      `Reading the drafts stopped ${DEFAULT_DRAFTS_READING.maxAttempts} times before the end (a restart or a crash while reading): upload the file again to retry`,
    );
  });

  it('when a reading is alive (a fresh heartbeat), then the sweep leaves it alone', async () => {
    const paperId = await uploadedPaper();
    await leftPending(paperId, 1);
    await PaperDraftsModel.updateOne({ _id: paperId }, { $set: { heartbeatAt: new Date() } });
    await resumePendingDrafts();
    expect((await getPaperDrafts({ actor: actors.editor, id: paperId })).status).toBe('pending');
    expect((await PaperDraftsModel.findById(paperId).lean())?.attempts).toBe(1);
  });
});

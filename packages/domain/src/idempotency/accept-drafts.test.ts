// acceptDrafts under an idempotency key: a retry after a fault resumes what the first attempt
// did (each question keeps the id chosen for it), and a finished one is replayed, never redone.
import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { paperDraftsSettled } from '../drafts/compute.js';
import { acceptDrafts, findAcceptedDrafts } from '../drafts/service.js';
import { ServiceUnavailableError } from '../errors.js';
import { QuestionModel } from '../models.js';
import { uploadPaperFile } from '../paper-file/service.js';
import { textPdf } from '../pdf/write.js';
import { useOffering } from '../test-support/content-hooks.js';
import { makePaper } from '../test-support/content-fixtures.js';
import { useTestActors } from '../test-support/database.js';
import { withIdempotency } from './service.js';

const { actors } = useTestActors();

const offering = useOffering();

/** A paper of its own whose two drafts are ready. */
async function paperWithDrafts(): Promise<string> {
  const paper = await makePaper(offering.offeringId);
  const lines = [
    `Paper ${randomUUID()}`,
    '1. Explain how a stack differs from a queue. [5 marks]',
    '2. Define a binary search tree. [3 marks]',
  ].map((text, i) => ({ x: 72, y: 780 - 14 * i, text }));
  const pdf = textPdf([lines]);
  await uploadPaperFile({
    actor: actors.editor,
    id: paper.id,
    body: Readable.from([pdf]),
    maxBytes: 1 << 20,
  });
  await paperDraftsSettled(paper.id);
  return paper.id;
}

describe('acceptDrafts with an idempotency key', () => {
  const both = { drafts: [{ index: 0 }, { index: 1 }] };

  function run(paperId: string, key: string, create = acceptDrafts) {
    const actor = actors.editor;
    return withIdempotency(
      {
        actor,
        key,
        operation: 'test acceptDrafts',
        input: { paperId, ...both },
        action: 'catalog:write',
      },
      {
        create: (requestId) => create({ actor, id: paperId, input: both, requestId }),
        find: (requestId) => findAcceptedDrafts({ actor, id: paperId, input: both, requestId }),
      },
    );
  }

  it('when the first attempt stopped after one draft (the database went away), then the retry resumes it: one question per draft, the first with its first id', async () => {
    const paperId = await paperWithDrafts();
    const key = `key-${randomUUID()}`;
    let firstId = '';
    const failed = await run(paperId, key, async ({ actor, id, requestId }) => {
      const [made] = await acceptDrafts({
        actor,
        id,
        input: { drafts: [{ index: 0 }] },
        requestId,
      });
      firstId = made!.id;
      throw new ServiceUnavailableError();
    }).catch((e: unknown) => e);
    expect(failed).toBeInstanceOf(ServiceUnavailableError);

    const retry = await run(paperId, key);
    expect(retry.isReplayed).toBe(false);
    expect(retry.value.map((q) => q.id)[0]).toBe(firstId);
    expect(retry.value).toHaveLength(2);
    expect(await QuestionModel.countDocuments({ paperId })).toBe(2);
    // Done now: the key replays the two questions.
    const again = await run(paperId, key);
    expect(again.isReplayed).toBe(true);
    expect(again.value.map((q) => q.id)).toEqual(retry.value.map((q) => q.id));
  });

  it('when the first attempt made every question but lost its answer, then the retry replays them', async () => {
    const paperId = await paperWithDrafts();
    const key = `key-${randomUUID()}`;
    let made: string[] = [];
    await run(paperId, key, async (args) => {
      made = (await acceptDrafts(args)).map((q) => q.id);
      throw new ServiceUnavailableError();
    }).catch(() => undefined);
    // The failed attempt's own look-up found them and answered: nothing was lost here; a second
    // request with the key replays.
    const retry = await run(paperId, key);
    expect(retry.isReplayed).toBe(true);
    expect(retry.value.map((q) => q.id)).toEqual(made);
    expect(await QuestionModel.countDocuments({ paperId })).toBe(2);
  });

  it('when another request (another key) names a draft this one accepted, then it is 409', async () => {
    const paperId = await paperWithDrafts();
    await run(paperId, `key-${randomUUID()}`);
    const other = await run(paperId, `key-${randomUUID()}`).catch((e: unknown) => e);
    expect(other).toMatchObject({ status: 409 });
    expect(await QuestionModel.countDocuments({ paperId })).toBe(2);
  });
});

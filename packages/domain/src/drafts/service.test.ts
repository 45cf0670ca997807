import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { Types } from 'mongoose';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '../access.js';
import { TopicModel } from '../models.js';
import { deletePaper } from '../paper/service.js';
import { deletePaperFile, uploadPaperFile } from '../paper-file/service.js';
import { textPdf } from '../pdf/write.js';
import type { PdfLine } from '../pdf/write.js';
import { makeOffering, makePaper, makeQuestion } from '../test-support/content-fixtures.js';
import type { OfferingFixture } from '../test-support/content-fixtures.js';
import { useTestActors } from '../test-support/database.js';
import { getQuestionById } from '../question/service.js';
import { paperDraftsSettled, resumePendingDrafts } from './compute.js';
import { PaperDraftsModel } from './model.js';
import { acceptDrafts, getPaperDrafts } from './service.js';

const { actors } = useTestActors();

let offering: OfferingFixture;
let stackTopic: string;
let treeTopic: string;
beforeAll(async () => {
  offering = await makeOffering();
  [stackTopic, treeTopic] = [offering.modules[0]!.topics[0]!, offering.modules[1]!.topics[1]!];
  await TopicModel.updateOne({ _id: stackTopic }, { $set: { title: 'Stacks and Queues' } });
  await TopicModel.updateOne({ _id: treeTopic }, { $set: { title: 'Binary Search Trees' } });
});

/** Lines from the top of an A4 page, 14 points apart, under a title no other file has. */
function page(texts: string[], x = 72): PdfLine[] {
  return [`Paper ${randomUUID()}`, ...texts].map((text, i) => ({ x, y: 780 - 14 * i, text }));
}

const PAPER_LINES = [
  'Data Structures, end-term examination',
  'Time: 3 hours Maximum Marks: 40',
  '1. Explain how a stack differs from a queue, with one use of each. [5 marks]',
  '2. Which traversal of a binary search tree visits the keys in sorted order?',
  '(a) Preorder',
  '(b) Inorder',
  '(c) Postorder',
  '(d) Level order [1]',
  '3. Write the algorithm to delete a key from a binary search tree, and show each case',
  'on an example tree. (10 marks)',
];

async function upload(actor: Actor, paperId: string, pdf: Buffer) {
  await uploadPaperFile({ actor, id: paperId, body: Readable.from([pdf]), maxBytes: 1 << 20 });
  await paperDraftsSettled(paperId);
}

describe('paper drafts', () => {
  it('when a PDF is stored, then its drafts are read: numbers, text, marks, options, type and topic', async () => {
    const paper = await makePaper(offering.offeringId);
    await upload(actors.editor, paper.id, textPdf([page(PAPER_LINES)]));
    const read = await getPaperDrafts({ actor: actors.editor, id: paper.id });
    expect(read).toMatchObject({ paperId: paper.id, pages: 1, textLayer: true, status: 'ready' });
    expect(read.drafts).toEqual([
      expect.objectContaining({
        index: 0,
        number: '1',
        text: 'Explain how a stack differs from a queue, with one use of each.',
        marks: 5,
        type: 'short',
        options: null,
        suggestedTopicId: stackTopic,
        suggestedModuleId: offering.modules[0]!.id,
        similar: [],
        acceptedQuestionId: null,
      }),
      expect.objectContaining({
        index: 1,
        number: '2',
        text: 'Which traversal of a binary search tree visits the keys in sorted order?',
        marks: 1,
        type: 'mcq',
        options: ['Preorder', 'Inorder', 'Postorder', 'Level order'],
        suggestedTopicId: treeTopic,
      }),
      expect.objectContaining({ index: 2, number: '3', marks: 10, type: 'long' }),
    ]);
  });

  it('when a normal user or an anonymous caller asks for drafts, then 403 or 401', async () => {
    const paper = await makePaper(offering.offeringId);
    await expect(getPaperDrafts({ actor: actors.normal, id: paper.id })).rejects.toMatchObject({
      status: 403,
    });
    await expect(getPaperDrafts({ actor: null, id: paper.id })).rejects.toMatchObject({
      status: 401,
    });
  });

  it('when the paper has no file, then its drafts are 404', async () => {
    const paper = await makePaper(offering.offeringId);
    await expect(getPaperDrafts({ actor: actors.editor, id: paper.id })).rejects.toMatchObject({
      status: 404,
    });
  });

  it('when drafts are accepted, then questions are made in order once, and a second accept is 409 naming the index', async () => {
    const paper = await makePaper(offering.offeringId, { status: 'pending' });
    await upload(actors.editor, paper.id, textPdf([page(PAPER_LINES)]));
    const made = await acceptDrafts({
      actor: actors.editor,
      id: paper.id,
      input: { drafts: [{ index: 2, difficulty: 'hard' }, { index: 1 }, { index: 0, marks: 4 }] },
    });
    expect(made.map((q) => [q.type, q.marks, q.difficulty])).toEqual([
      ['long', 10, 'hard'],
      ['mcq', 1, 'medium'],
      ['short', 4, 'medium'],
    ]);
    expect(made[1]).toMatchObject({
      options: ['Preorder', 'Inorder', 'Postorder', 'Level order'],
      topicId: treeTopic,
      paperId: paper.id,
    });
    const read = await getPaperDrafts({ actor: actors.admin, id: paper.id });
    expect(read.drafts.map((d) => d.acceptedQuestionId)).toEqual([
      made[2]!.id,
      made[1]!.id,
      made[0]!.id,
    ]);
    const again = acceptDrafts({
      actor: actors.editor,
      id: paper.id,
      input: { drafts: [{ index: 1 }] },
    });
    await expect(again).rejects.toMatchObject({
      status: 409,
      message: 'Draft 1 was accepted before',
    });
  });

  it('when an accept names an unknown index or a draft twice, then 400 and nothing is made', async () => {
    const paper = await makePaper(offering.offeringId);
    await upload(actors.editor, paper.id, textPdf([page(PAPER_LINES)]));
    await expect(
      acceptDrafts({
        actor: actors.editor,
        id: paper.id,
        input: { drafts: [{ index: 0 }, { index: 7 }] },
      }),
    ).rejects.toMatchObject({
      status: 400,
      details: [{ path: 'drafts.1.index', message: 'no draft has index 7' }],
    });
    await expect(
      acceptDrafts({
        actor: actors.editor,
        id: paper.id,
        input: { drafts: [{ index: 0 }, { index: 0 }] },
      }),
    ).rejects.toMatchObject({ status: 400 });
    const read = await getPaperDrafts({ actor: actors.editor, id: paper.id });
    expect(read.drafts.every((d) => d.acceptedQuestionId === null)).toBe(true);
  });

  it('when the same draft is accepted by two requests at once, then one question is made', async () => {
    const paper = await makePaper(offering.offeringId);
    await upload(actors.editor, paper.id, textPdf([page(PAPER_LINES)]));
    const input = { drafts: [{ index: 0 }] };
    const results = await Promise.allSettled([
      acceptDrafts({ actor: actors.editor, id: paper.id, input }),
      acceptDrafts({ actor: actors.admin, id: paper.id, input }),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(results.find((r) => r.status === 'rejected')).toMatchObject({
      reason: { status: 409 },
    });
  });

  it('when a new PDF replaces the file, then its drafts replace the old ones and questions made stay', async () => {
    const paper = await makePaper(offering.offeringId);
    await upload(actors.editor, paper.id, textPdf([page(PAPER_LINES)]));
    const [made] = await acceptDrafts({
      actor: actors.editor,
      id: paper.id,
      input: { drafts: [{ index: 0 }] },
    });
    await upload(actors.editor, paper.id, textPdf([page(['Q1 Define a heap. [2 marks]'])]));
    const read = await getPaperDrafts({ actor: actors.editor, id: paper.id });
    expect(read.drafts).toEqual([
      expect.objectContaining({
        number: '1',
        text: 'Define a heap.',
        marks: 2,
        acceptedQuestionId: null,
      }),
    ]);
    expect((await getQuestionById({ actor: actors.editor, id: made!.id })).id).toBe(made!.id);
  });

  it('when a PDF has no text (a scan), then the drafts are ready with textLayer false and none', async () => {
    const paper = await makePaper(offering.offeringId);
    await upload(actors.editor, paper.id, textPdf([[], []]));
    expect(await getPaperDrafts({ actor: actors.editor, id: paper.id })).toMatchObject({
      pages: 2,
      textLayer: false,
      status: 'ready',
      drafts: [],
    });
  });

  it('when drafts were left pending (a restart), then the sweep reads them again from the stored file', async () => {
    const paper = await makePaper(offering.offeringId);
    await upload(actors.editor, paper.id, textPdf([page(PAPER_LINES)]));
    await PaperDraftsModel.updateOne(
      { _id: paper.id },
      { $set: { status: 'pending', drafts: [], startedAt: new Date(Date.now() - 60_000) } },
    );
    expect((await getPaperDrafts({ actor: actors.editor, id: paper.id })).status).toBe('pending');
    expect(await resumePendingDrafts()).toBeGreaterThanOrEqual(1);
    await paperDraftsSettled(paper.id);
    const read = await getPaperDrafts({ actor: actors.editor, id: paper.id });
    expect(read.status).toBe('ready');
    expect(read.drafts).toHaveLength(3);
  });

  it('when a draft repeats an earlier question of the subject, then similar names it and the editor sees unpublished ones too', async () => {
    const own = await makeOffering();
    const earlier = await makePaper(own.offeringId, { examYear: 2021 });
    const hidden = await makePaper(own.offeringId, { examYear: 2022, status: 'pending' });
    const asked = await makeQuestion(earlier.id, {
      text: 'Explain how a stack differs from a queue, with one use of each.',
    });
    await makeQuestion(hidden.id, {
      text: 'Explain how stacks differ from queues, with one use of each.',
    });
    const paper = await makePaper(own.offeringId);
    await upload(actors.editor, paper.id, textPdf([page(PAPER_LINES)]));
    const read = await getPaperDrafts({ actor: actors.editor, id: paper.id });
    expect(read.drafts[0]!.similar).toEqual(
      expect.arrayContaining([
        {
          questionId: asked.id,
          paperId: earlier.id,
          paperSlug: earlier.slug,
          examYear: 2021,
          examType: 'end-term',
          similarity: 1,
        },
      ]),
    );
    expect(read.drafts[0]!.similar).toHaveLength(2);
    expect(read.drafts[2]!.similar).toEqual([]);
  });

  it('when the file or the paper is deleted, then its drafts go with it', async () => {
    const paper = await makePaper(offering.offeringId);
    await upload(actors.editor, paper.id, textPdf([page(PAPER_LINES)]));
    await deletePaperFile({ actor: actors.admin, id: paper.id });
    expect(await PaperDraftsModel.exists({ _id: paper.id })).toBeNull();
    const other = await makePaper(offering.offeringId);
    await upload(actors.editor, other.id, textPdf([page(PAPER_LINES)]));
    await deletePaper({ actor: actors.admin, id: other.id });
    expect(await PaperDraftsModel.exists({ _id: new Types.ObjectId(other.id) })).toBeNull();
  });
});

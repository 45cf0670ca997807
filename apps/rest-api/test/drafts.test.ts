// A paper's PDF becomes its questions over HTTP: the upload starts reading the drafts, GET shows
// them, accepting makes questions once; and a question's near-identical questions.
import { randomUUID } from 'node:crypto';
import {
  makeOffering,
  makePaper,
  makeQuestion,
  paperDraftsSettled,
  textPdf,
} from '@qpc/domain/testing';
import { beforeAll, describe, expect, it } from 'vitest';
import { useApp } from './support/harness.js';

/** A two-page paper: a title block, two questions and an mcq, a running footer. */
function paperPdf(): Buffer {
  const footer = (n: number) => ({ x: 250, y: 40, text: `Page ${n} of 2` });
  return textPdf([
    [
      { x: 72, y: 790, text: `Paper ${randomUUID()}`, size: 16 },
      { x: 72, y: 770, text: 'Time: 3 hours Maximum Marks: 30' },
      {
        x: 72,
        y: 740,
        text: 'Q1. Explain deadlock avoidance with the banker algorithm. [8 marks]',
      },
      { x: 72, y: 720, text: 'Q2. Which page replacement policy suffers from Belady anomaly?' },
      { x: 90, y: 706, text: 'A. FIFO' },
      { x: 90, y: 692, text: 'B. LRU' },
      { x: 90, y: 678, text: 'C. Optimal' },
      { x: 90, y: 664, text: 'D. Clock [1]' },
      footer(1),
    ],
    [{ x: 72, y: 780, text: 'Q3. Describe paging with a two-level page table. 5M' }, footer(2)],
  ]);
}

describe('drafts and similar questions over REST', () => {
  const { app, call, callers, admin, editor, normal } = useApp();
  let offeringId: string;
  beforeAll(async () => {
    offeringId = (await makeOffering(callers.admin.actor)).offering.id;
  });

  async function upload(paperId: string, pdf: Buffer) {
    const res = await fetch(`${app.url}/api/v1/papers/${paperId}/file`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${editor.token}`, 'content-type': 'application/pdf' },
      body: pdf,
    });
    expect(res.status).toBe(200);
  }

  it('when an editor uploads a paper, then GET drafts answers its questions and accepting makes them once', async () => {
    const paper = await makePaper(editor.actor, offeringId, { status: 'pending' });
    await upload(paper.id, paperPdf());
    await paperDraftsSettled(paper.id);
    const drafts = await call('GET', `/papers/${paper.id}/drafts`, { token: editor.token });
    expect(drafts.status).toBe(200);
    expect(drafts.body.data).toMatchObject({ paperId: paper.id, pages: 2, status: 'ready' });
    expect(
      drafts.body.data.drafts.map((d: { number: string; marks: number; type: string }) => [
        d.number,
        d.marks,
        d.type,
      ]),
    ).toEqual([
      ['1', 8, 'long'],
      ['2', 1, 'mcq'],
      ['3', 5, 'short'],
    ]);
    expect(drafts.body.data.drafts[1].options).toEqual(['FIFO', 'LRU', 'Optimal', 'Clock']);
    expect(drafts.body.data.drafts[2]).toMatchObject({
      parent: null,
      page: 2,
      section: null,
      confidence: 1,
      warnings: [],
    });
    // The title's random UUID may hold a year-like group: examYear is not checked here.
    expect(drafts.body.data.suggested).toMatchObject({
      examType: null,
      maxMarks: 30,
      durationMinutes: 180,
    });
    expect(drafts.body.data.warnings).toEqual([
      "The drafts' marks add up to 14 and the paper says 30",
    ]);

    const forbidden = await call('GET', `/papers/${paper.id}/drafts`, { token: normal.token });
    expect(forbidden.status).toBe(403);

    const accepted = await call('POST', `/papers/${paper.id}/drafts/accept`, {
      token: editor.token,
      body: { drafts: [{ index: 1 }, { index: 0, text: 'Explain the banker algorithm.' }] },
    });
    expect(accepted.status).toBe(201);
    expect(accepted.headers.get('location')).toBe(`/api/v1/papers/${paper.id}/drafts`);
    expect(accepted.body.data.map((q: { type: string; text: string }) => [q.type, q.text])).toEqual(
      [
        ['mcq', 'Which page replacement policy suffers from Belady anomaly?'],
        ['long', 'Explain the banker algorithm.'],
      ],
    );
    const again = await call('POST', `/papers/${paper.id}/drafts/accept`, {
      token: editor.token,
      body: { drafts: [{ index: 2 }, { index: 0 }] },
    });
    expect(again.status).toBe(409);
    expect(again.body.error).toMatchObject({
      code: 'CONFLICT',
      message: 'Draft 0 was accepted before',
    });
    const unknown = await call('POST', `/papers/${paper.id}/drafts/accept`, {
      token: editor.token,
      body: { drafts: [{ index: 9 }] },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.details).toEqual([
      { path: 'drafts.0.index', message: 'no draft has index 9' },
    ]);
  });

  it('when a question was asked again in another paper, then GET similar lists it with its paper', async () => {
    const first = await makePaper(admin.actor, offeringId, { examYear: 2020 });
    const second = await makePaper(admin.actor, offeringId, { examYear: 2024 });
    const text = 'Describe paging with a two-level page table.';
    const asked = await makeQuestion(editor.actor, first.id, { text });
    const again = await makeQuestion(editor.actor, second.id, { text: `${text} (2024)` });
    const res = await call('GET', `/questions/${again.id}/similar`);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([
      {
        question: expect.objectContaining({ id: asked.id, text }),
        paper: { id: first.id, slug: first.slug, examYear: 2020, examType: 'end-term' },
        similarity: 1,
      },
    ]);
    expect((await call('GET', `/questions/${'f'.repeat(24)}/similar`)).status).toBe(404);
  });
});

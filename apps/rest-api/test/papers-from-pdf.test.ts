// POST /papers/from-pdf over HTTP: a paper made from its PDF, its sitting read from the first
// page or given; refusals (a duplicate, no sitting, not a PDF, a role) make nothing; retries with
// an Idempotency-Key never make a second paper.
import { randomUUID } from 'node:crypto';
import { makeOffering, paperDraftsSettled, PaperModel, textPdf } from '@qpc/domain/testing';
import { paperSchema } from '@qpc/domain/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFileTests } from './support/paper-files.js';
import type { FileTestContext } from './support/paper-files.js';

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

describe('POST /papers/from-pdf', () => {
  let t: FileTestContext;
  beforeAll(async () => {
    t = await startFileTests();
  });
  afterAll(async () => t.app.close());

  /** A fresh offering: its papers are this test's only. */
  const newOffering = async () => (await makeOffering(t.admin.actor)).offering.id;
  const papersOf = (subjectOfferingId: string) => PaperModel.countDocuments({ subjectOfferingId });
  const bucketFiles = () =>
    Promise.all(
      ['files', 'chunks', 'pending'].map((c) =>
        PaperModel.db.collection(`paperFiles.${c}`).countDocuments({}),
      ),
    );
  const fromPdf = (
    query: Record<string, string>,
    pdf: Buffer,
    options: { token?: string; key?: string } = {},
  ) =>
    t.send('POST', `/papers/from-pdf?${new URLSearchParams(query).toString()}`, {
      token: options.token ?? t.editor.token,
      body: pdf,
      headers: options.key ? { 'idempotency-key': options.key } : {},
    });

  it('when an editor sends a PDF whose first page prints the sitting, then 201 with the paper, its file and its drafts', async () => {
    const offeringId = await newOffering();
    const pdf = paperPdf('End Semester Examination, December 2023');
    const res = await fromPdf({ subjectOfferingId: offeringId }, pdf);
    expect(res.status).toBe(201);
    expect(paperSchema.safeParse(res.json.data).success).toBe(true);
    expect(res.json.data).toMatchObject({
      subjectOfferingId: offeringId,
      examYear: 2023,
      examType: 'end-term',
      status: 'pending',
      file: { size: pdf.length },
    });
    expect(res.headers.get('location')).toBe(`/api/v1/papers/${res.json.data.slug}`);
    await paperDraftsSettled(res.json.data.id);
    const drafts = await t.call('GET', `/papers/${res.json.data.id}/drafts`, {
      token: t.editor.token,
    });
    expect(drafts.body.data).toMatchObject({ status: 'ready', pages: 1 });
    expect(drafts.body.data.drafts).toHaveLength(2);
  });

  it('when the query gives the year, type and status, then they win over the first page', async () => {
    const offeringId = await newOffering();
    const res = await fromPdf(
      { subjectOfferingId: offeringId, examYear: '2019', examType: 'quiz', status: 'draft' },
      paperPdf('End Semester Examination 2023'),
    );
    expect(res.status).toBe(201);
    expect(res.json.data).toMatchObject({ examYear: 2019, examType: 'quiz', status: 'draft' });
  });

  it.each([
    ['the year and the type', 'Institute examination', {}, ['examYear', 'examType']],
    ['the year', 'Mid-Term Test', {}, ['examYear']],
    ['the type', 'Examination 2022', {}, ['examType']],
    ['the type (the year given)', 'Examination', { examYear: '2022' }, ['examType']],
  ])(
    'when %s is missing, then 422 SITTING_NOT_FOUND naming what is missing, and nothing is created',
    async (_what, sitting, query, missing) => {
      const offeringId = await newOffering();
      const files = await bucketFiles();
      const res = await fromPdf({ subjectOfferingId: offeringId, ...query }, paperPdf(sitting));
      expect(res.status).toBe(422);
      expect(res.json.error.code).toBe('SITTING_NOT_FOUND');
      expect(res.json.error.details.map((d: { path: string }) => d.path)).toEqual(missing);
      expect(await papersOf(offeringId)).toBe(0);
      expect(await bucketFiles()).toEqual(files);
    },
  );

  it('when the file is attached to another paper, then 409 naming that paper, and no paper is made', async () => {
    const offeringId = await newOffering();
    const pdf = paperPdf('End Semester Examination 2024');
    const first = await fromPdf({ subjectOfferingId: offeringId }, pdf);
    expect(first.status).toBe(201);
    const files = await bucketFiles();
    const again = await fromPdf({ subjectOfferingId: offeringId, examYear: '2020' }, pdf);
    expect(again.status).toBe(409);
    expect(again.json.error.code).toBe('CONFLICT');
    expect(again.json.error.message).toContain(first.json.data.slug);
    expect(await papersOf(offeringId)).toBe(1);
    expect(await bucketFiles()).toEqual(files);
  });

  it('when a request is retried with its Idempotency-Key, then the first paper is answered again and no second one is made', async () => {
    const offeringId = await newOffering();
    const pdf = paperPdf('Mid Semester Examination 2022');
    const key = randomUUID();
    const first = await fromPdf({ subjectOfferingId: offeringId }, pdf, { key });
    expect(first.status).toBe(201);
    const retry = await fromPdf({ subjectOfferingId: offeringId }, pdf, { key });
    expect(retry.status).toBe(201);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(retry.json.data.id).toBe(first.json.data.id);
    expect(await papersOf(offeringId)).toBe(1);
    // The same key with another query is another request.
    const other = await fromPdf({ subjectOfferingId: offeringId, examYear: '2021' }, pdf, { key });
    expect(other.status).toBe(422);
    expect(other.json.error.code).toBe('IDEMPOTENCY_KEY_REUSED');
  });

  it('when a request refused for its year is sent again with the year and the same key, then the paper is made', async () => {
    const offeringId = await newOffering();
    const pdf = paperPdf('Supplementary Examination');
    const key = randomUUID();
    const refused = await fromPdf({ subjectOfferingId: offeringId }, pdf, { key });
    expect(refused.status).toBe(422);
    // A refusal is not kept with the key: the corrected request is served afresh.
    const fixed = await fromPdf({ subjectOfferingId: offeringId, examYear: '2018' }, pdf, { key });
    expect(fixed.status).toBe(201);
    expect(fixed.headers.get('idempotent-replayed')).toBeNull();
    expect(fixed.json.data).toMatchObject({ examYear: 2018, examType: 'supplementary' });
    expect(await papersOf(offeringId)).toBe(1);
  });

  it('when the body is not a PDF, then 415 and nothing is created', async () => {
    const offeringId = await newOffering();
    const files = await bucketFiles();
    const res = await fromPdf(
      { subjectOfferingId: offeringId, examYear: '2020', examType: 'quiz' },
      Buffer.from('<html>not a pdf</html>'),
    );
    expect(res.status).toBe(415);
    expect(await papersOf(offeringId)).toBe(0);
    expect(await bucketFiles()).toEqual(files);
  });

  it('when the offering does not exist or the query has an unknown parameter, then 400 naming it', async () => {
    const pdf = paperPdf('End Semester Examination 2023');
    const missing = await fromPdf({ subjectOfferingId: '507f1f77bcf86cd799439011' }, pdf);
    expect(missing.status).toBe(400);
    expect(missing.json.error.details[0].path).toBe('subjectOfferingId');
    const unknown = await fromPdf({ subjectOfferingId: await newOffering(), colour: 'blue' }, pdf);
    expect(unknown.status).toBe(400);
  });

  it('when a normal user or an anonymous caller sends a PDF, then 403 or 401 and nothing is created', async () => {
    const offeringId = await newOffering();
    const pdf = paperPdf('End Semester Examination 2023');
    expect(
      (await fromPdf({ subjectOfferingId: offeringId }, pdf, { token: t.normal.token })).status,
    ).toBe(403);
    const anonymous = await t.send('POST', `/papers/from-pdf?subjectOfferingId=${offeringId}`, {
      body: pdf,
    });
    expect(anonymous.status).toBe(401);
    expect(await papersOf(offeringId)).toBe(0);
  });
});

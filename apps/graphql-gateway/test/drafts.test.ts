// Paper.drafts, acceptDrafts and Question.similar through the graph: the REST rules, the same
// domain services.
import { Readable } from 'node:stream';
import { createPaper, createQuestion, setPaperStatus, uploadPaperFile } from '@qpc/domain';
import {
  makeActor as makeUser,
  makeCatalog,
  paperDraftsSettled,
  samplePdf,
  uid as tag,
} from '@qpc/domain/testing';
import { describe, expect, it } from 'vitest';
import { useGateway } from './support/suite.js';

const { gw, callers, admin } = useGateway();

const DRAFTS = `query ($s: Slug!) { paper(slug: $s) { id drafts { status pages textLayer
  warnings suggested { examYear examType maxMarks durationMinutes }
  drafts { index number parent page section confidence warnings text marks type options
    acceptedQuestionId } } } }`;
const ACCEPT = `mutation ($p: ObjectID!, $d: [AcceptDraftInput!]!) {
  acceptDrafts(paperId: $p, drafts: $d) { id text type marks } }`;

describe('drafts and similar questions in GraphQL', () => {
  it('when an editor reads a paper with a file, then drafts come back, and acceptDrafts makes them once', async () => {
    const c = await makeCatalog(admin, await makeUser('normal'));
    const pdf = samplePdf(`Paper ${tag()}`, [
      'Q1. Define a binary heap. [2 marks]',
      'Q2. Explain heap sort with an example. (8 marks)',
    ]);
    await uploadPaperFile({
      actor: admin,
      id: c.approved.id,
      body: Readable.from([pdf]),
      maxBytes: pdf.length,
    });
    await paperDraftsSettled(c.approved.id);

    const { body } = await gw.gql(DRAFTS, { s: c.approved.slug }, callers.headers('editor'));
    expect(body.errors).toBeUndefined();
    expect(body.data.paper.drafts).toMatchObject({
      status: 'READY',
      pages: 1,
      textLayer: true,
      warnings: [],
      // The title's random tag may hold a year-like number: examYear is not checked here.
      suggested: { examType: null, maxMarks: null, durationMinutes: null },
    });
    expect(body.data.paper.drafts.drafts).toEqual([
      {
        index: 0,
        number: '1',
        parent: null,
        page: 1,
        section: null,
        confidence: 1,
        warnings: [],
        text: 'Define a binary heap.',
        marks: 2,
        type: 'SHORT',
        options: null,
        acceptedQuestionId: null,
      },
      {
        index: 1,
        number: '2',
        parent: null,
        page: 1,
        section: null,
        confidence: 1,
        warnings: [],
        text: 'Explain heap sort with an example.',
        marks: 8,
        type: 'LONG',
        options: null,
        acceptedQuestionId: null,
      },
    ]);

    const normal = await gw.gql(DRAFTS, { s: c.approved.slug }, callers.headers('normal'));
    expect(normal.body.errors[0].extensions.code).toBe('FORBIDDEN');

    const accepted = await gw.gql(
      ACCEPT,
      { p: c.approved.id, d: [{ index: 1, marks: null }] },
      callers.headers('editor'),
    );
    expect(accepted.body.errors).toBeUndefined();
    expect(accepted.body.data.acceptDrafts).toEqual([
      {
        id: expect.any(String),
        text: 'Explain heap sort with an example.',
        type: 'LONG',
        marks: null,
      },
    ]);
    const again = await gw.gql(
      ACCEPT,
      { p: c.approved.id, d: [{ index: 1 }] },
      callers.headers('admin'),
    );
    expect(again.body.errors[0]).toMatchObject({
      message: 'Draft 1 was accepted before',
      extensions: { code: 'CONFLICT' },
    });
  });

  it('when a question repeats one of other papers, then Question.similar lists those the caller may see', async () => {
    const c = await makeCatalog(admin, await makeUser('normal'));
    const text = 'Explain heap sort with an example.';
    const paper = async (examYear: number, status: 'approved' | 'pending') => {
      const made = await createPaper({
        actor: admin,
        input: { subjectOfferingId: c.offering.id, examYear, examType: 'end-term' },
      });
      // Approved before its question is added: an empty paper needs force.
      if (status === 'approved')
        await setPaperStatus({ actor: admin, id: made.id, input: { status, force: true } });
      return createQuestion({
        actor: admin,
        input: { paperId: made.id, text, type: 'long', difficulty: 'medium' },
      });
    };
    const base = await paper(2024, 'approved');
    const older = await paper(2020, 'approved');
    const hidden = await paper(2022, 'pending');
    const query = `query ($id: ObjectID!) { question(id: $id) { similar { similarity
      question { id } paper { examYear examType } } } }`;
    const anonymous = await gw.gql(query, { id: base.id });
    expect(anonymous.body.errors).toBeUndefined();
    expect(anonymous.body.data.question.similar).toEqual([
      {
        similarity: 1,
        question: { id: older.id },
        paper: { examYear: 2020, examType: 'END_TERM' },
      },
    ]);
    const editor = await gw.gql(query, { id: base.id }, callers.headers('editor'));
    expect(
      editor.body.data.question.similar.map((s: { question: { id: string } }) => s.question.id),
    ).toEqual([hidden.id, older.id]);
  });
});

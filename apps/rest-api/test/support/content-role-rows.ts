// The role matrix's rows for papers, their files and drafts, questions, solutions and users.
import { Readable } from 'node:stream';
import { uploadPaperFile } from '@qpc/domain';
import {
  makePaper,
  makeQuestion,
  makeSolution,
  makeUser,
  paperDraftsSettled,
  samplePdf,
  uid,
} from '@qpc/domain/testing';
import { admins, anyUser, editors, freshRow, getRow, postRow } from './role-rows.js';
import type { Row, RowContext } from './role-rows.js';

/** The role matrix's rows for papers, their files and drafts, questions, solutions and users. */
export function contentRows({ owner, tree, a, fixed, paperWithFile }: RowContext): Row[] {
  const freshPaper = () => makePaper(a(), tree.offering.id);
  const pendingPaper = () => makePaper(a(), tree.offering.id, { status: 'pending' });
  const draftPaper = () => makePaper(a(), tree.offering.id, { status: 'draft' });
  const freshQuestion = () => makeQuestion(a(), tree.paper.id);
  const freshSolution = () => makeSolution(a(), tree.question.id);
  return [
    getRow('/papers'),
    getRow('/papers/:slug', `/papers/${tree.paper.slug}`),
    postRow('/papers', () => ({
      subjectOfferingId: tree.offering.id,
      examYear: 2021,
      examType: 'mid-term',
    })),
    freshRow('PATCH', '/papers/:id', pendingPaper, { body: { title: 'Retitled' } }),
    freshRow('PATCH', '/papers/:id/status', pendingPaper, {
      body: { status: 'approved', force: true },
      expected: admins(200),
    }),
    // Its creator (the fixture owner, nobody in the matrix) or an admin submits.
    freshRow('POST', '/papers/:id/submit', draftPaper, {
      body: { note: 'Ready for review' },
      expected: admins(200),
    }),
    freshRow('DELETE', '/papers/:id', freshPaper),
    {
      method: 'PUT',
      route: '/papers/:id/file',
      prepare: async () => ({
        path: `/papers/${(await freshPaper()).id}/file`,
        rawBody: samplePdf(`Paper ${uid()}`).toString('latin1'),
        headers: { 'content-type': 'application/pdf' },
      }),
      expected: editors(200),
    },
    {
      method: 'POST',
      route: '/papers/from-pdf',
      prepare: async () => ({
        path: `/papers/from-pdf?subjectOfferingId=${tree.offering.id}&examYear=2022&examType=quiz`,
        rawBody: samplePdf(`Paper ${uid()}`).toString('latin1'),
        headers: { 'content-type': 'application/pdf' },
      }),
      expected: editors(201),
    },
    getRow('/papers/:id/file', `/papers/${tree.paper.id}/file`),
    freshRow('DELETE', '/papers/:id/file', paperWithFile),
    getRow('/papers/:id/drafts', `/papers/${tree.paper.id}/drafts`, editors(200)),
    {
      method: 'POST',
      route: '/papers/:id/drafts/accept',
      prepare: async () => {
        const paper = await freshPaper();
        const pdf = samplePdf(`Paper ${uid()}`, ['1. Define entropy. [2 marks]']);
        await uploadPaperFile({
          actor: a(),
          id: paper.id,
          body: Readable.from([pdf]),
          maxBytes: pdf.length,
        });
        await paperDraftsSettled(paper.id);
        return { path: `/papers/${paper.id}/drafts/accept`, body: { drafts: [{ index: 0 }] } };
      },
      expected: editors(201),
    },

    getRow('/questions'),
    getRow('/questions/slug/:slug', `/questions/slug/${tree.question.slug}`),
    getRow('/questions/:id', `/questions/${tree.question.id}`),
    getRow('/questions/:id/similar', `/questions/${tree.question.id}/similar`),
    postRow('/questions', () => ({
      paperId: tree.paper.id,
      text: 'Define entropy.',
      type: 'short',
      difficulty: 'easy',
    })),
    freshRow('PATCH', '/questions/:id', freshQuestion, { body: { difficulty: 'hard' } }),
    freshRow('DELETE', '/questions/:id', freshQuestion),

    getRow('/solutions'),
    postRow(
      '/solutions',
      () => ({ questionId: tree.question.id, content: 'Worked answer' }),
      anyUser(201),
    ),
    getRow('/solutions/:id', `/solutions/${tree.solution.id}`),
    // Only the author edits: the fixture owner wrote it, and nobody in the matrix is the owner.
    freshRow('PATCH', '/solutions/:id', freshSolution, {
      body: { content: 'Edited' },
      expected: { anonymous: 401, normal: 403, editor: 403, admin: 403, deactivated: 403 },
    }),
    // The author or an admin deletes.
    freshRow('DELETE', '/solutions/:id', freshSolution),
    {
      method: 'PATCH',
      route: '/solutions/:id/vote',
      prepare: fixed(`/solutions/${tree.solution.id}/vote`, { value: 1 }),
      expected: anyUser(200),
    },

    getRow('/users/me', '/users/me', anyUser(200)),
    getRow('/users', '/users', admins(200)),
    getRow('/users/:externalId', `/users/${owner.sub}`, admins(200)),
    {
      method: 'PATCH',
      route: '/users/:externalId',
      prepare: async () => ({
        path: `/users/${(await makeUser('normal')).sub}`,
        body: { role: 'editor' },
      }),
      expected: admins(200),
    },
  ];
}

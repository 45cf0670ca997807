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
import { admins, anyUser, editors, open } from './role-rows.js';
import type { Row, RowContext } from './role-rows.js';

/** The role matrix's rows for papers, their files and drafts, questions, solutions and users. */
export function contentRows(context: RowContext): Row[] {
  const { owner, tree, a, fixed, paperWithFile } = context;
  return [
    { method: 'GET', route: '/papers', prepare: fixed('/papers'), expected: open() },
    {
      method: 'GET',
      route: '/papers/:slug',
      prepare: fixed(`/papers/${tree.paper.slug}`),
      expected: open(),
    },
    {
      method: 'POST',
      route: '/papers',
      prepare: fixed('/papers', {
        subjectOfferingId: tree.offering.id,
        examYear: 2021,
        examType: 'mid-term',
      }),
      expected: editors(201),
    },
    {
      method: 'PATCH',
      route: '/papers/:id',
      prepare: async () => ({
        path: `/papers/${(await makePaper(a(), tree.offering.id, { status: 'pending' })).id}`,
        body: { title: 'Retitled' },
      }),
      expected: editors(200),
    },
    {
      method: 'PATCH',
      route: '/papers/:id/status',
      prepare: async () => ({
        path: `/papers/${(await makePaper(a(), tree.offering.id, { status: 'pending' })).id}/status`,
        body: { status: 'approved' },
      }),
      expected: admins(200),
    },
    {
      method: 'DELETE',
      route: '/papers/:id',
      prepare: async () => ({ path: `/papers/${(await makePaper(a(), tree.offering.id)).id}` }),
      expected: admins(204),
    },
    {
      method: 'PUT',
      route: '/papers/:id/file',
      prepare: async () => ({
        path: `/papers/${(await makePaper(a(), tree.offering.id)).id}/file`,
        rawBody: samplePdf(`Paper ${uid()}`).toString('latin1'),
        headers: { 'content-type': 'application/pdf' },
      }),
      expected: editors(200),
    },
    {
      method: 'GET',
      route: '/papers/:id/file',
      prepare: fixed(`/papers/${tree.paper.id}/file`),
      expected: open(),
    },
    {
      method: 'DELETE',
      route: '/papers/:id/file',
      prepare: async () => ({ path: `/papers/${(await paperWithFile()).id}/file` }),
      expected: admins(204),
    },
    {
      method: 'GET',
      route: '/papers/:id/drafts',
      prepare: fixed(`/papers/${tree.paper.id}/drafts`),
      expected: editors(200),
    },
    {
      method: 'POST',
      route: '/papers/:id/drafts/accept',
      prepare: async () => {
        const paper = await makePaper(a(), tree.offering.id);
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

    { method: 'GET', route: '/questions', prepare: fixed('/questions'), expected: open() },
    {
      method: 'GET',
      route: '/questions/slug/:slug',
      prepare: fixed(`/questions/slug/${tree.question.slug}`),
      expected: open(),
    },
    {
      method: 'GET',
      route: '/questions/:id',
      prepare: fixed(`/questions/${tree.question.id}`),
      expected: open(),
    },
    {
      method: 'GET',
      route: '/questions/:id/similar',
      prepare: fixed(`/questions/${tree.question.id}/similar`),
      expected: open(),
    },
    {
      method: 'POST',
      route: '/questions',
      prepare: fixed('/questions', {
        paperId: tree.paper.id,
        text: 'Define entropy.',
        type: 'short',
        difficulty: 'easy',
      }),
      expected: editors(201),
    },
    {
      method: 'PATCH',
      route: '/questions/:id',
      prepare: async () => ({
        path: `/questions/${(await makeQuestion(a(), tree.paper.id)).id}`,
        body: { difficulty: 'hard' },
      }),
      expected: editors(200),
    },
    {
      method: 'DELETE',
      route: '/questions/:id',
      prepare: async () => ({
        path: `/questions/${(await makeQuestion(a(), tree.paper.id)).id}`,
      }),
      expected: admins(204),
    },

    { method: 'GET', route: '/solutions', prepare: fixed('/solutions'), expected: open() },
    {
      method: 'POST',
      route: '/solutions',
      prepare: fixed('/solutions', { questionId: tree.question.id, content: 'Worked answer' }),
      expected: anyUser(201),
    },
    {
      method: 'GET',
      route: '/solutions/:id',
      prepare: fixed(`/solutions/${tree.solution.id}`),
      expected: open(),
    },
    {
      // Only the author edits: the fixture owner wrote it, and nobody in the matrix is the owner.
      method: 'PATCH',
      route: '/solutions/:id',
      prepare: async () => ({
        path: `/solutions/${(await makeSolution(a(), tree.question.id)).id}`,
        body: { content: 'Edited' },
      }),
      expected: { anonymous: 401, normal: 403, editor: 403, admin: 403, deactivated: 403 },
    },
    {
      // The author or an admin deletes.
      method: 'DELETE',
      route: '/solutions/:id',
      prepare: async () => ({
        path: `/solutions/${(await makeSolution(a(), tree.question.id)).id}`,
      }),
      expected: admins(204),
    },
    {
      method: 'PATCH',
      route: '/solutions/:id/vote',
      prepare: fixed(`/solutions/${tree.solution.id}/vote`, { value: 1 }),
      expected: anyUser(200),
    },

    { method: 'GET', route: '/users/me', prepare: fixed('/users/me'), expected: anyUser(200) },
    { method: 'GET', route: '/users', prepare: fixed('/users'), expected: admins(200) },
    {
      method: 'GET',
      route: '/users/:externalId',
      prepare: fixed(`/users/${owner.sub}`),
      expected: admins(200),
    },
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

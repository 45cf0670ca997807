// Search and coverage over HTTP: the envelope with facets, visibility, bad input, coverage counts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client } from './support/api.js';
import type { Call } from './support/api.js';
import {
  makeCallers,
  makeOffering,
  makePaper,
  makeQuestion,
  makeSyllabus,
  uid,
} from '@qpc/domain/testing';
import { startApp } from './support/harness.js';
import type { RunningApp } from './support/harness.js';

let app: RunningApp;
let call: Call;
let callers: Awaited<ReturnType<typeof makeCallers>>;

beforeAll(async () => {
  app = await startApp();
  call = client(app.url);
  callers = await makeCallers();
});
afterAll(async () => app.close());

describe('GET /search', () => {
  it('when a word only visible questions hold is searched, then hits come ranked with facets, pending papers absent for anonymous callers', async () => {
    const word = `zq${uid().replace(/[^a-z]/g, 'x')}`;
    const { offering } = await makeOffering(callers.admin.actor);
    const approved = await makePaper(callers.admin.actor, offering.id, { examYear: 2022 });
    const pending = await makePaper(callers.admin.actor, offering.id, { status: 'pending' });
    const visible = await makeQuestion(callers.admin.actor, approved.id, {
      text: `Explain the ${word} algorithm with an example`,
    });
    await makeQuestion(callers.admin.actor, pending.id, { text: `Prove the ${word} lemma` });
    const res = await call('GET', `/search?q=${word}`);
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    expect(res.body.data.map((h: { id: string }) => h.id)).toEqual([visible.id]);
    expect(res.body.data[0]).toMatchObject({ type: 'question', slug: visible.slug });
    expect(res.body.data[0].snippet).toContain(word);
    expect(res.body.facets.type).toEqual({ question: 1, paper: 0, subject: 0 });
    expect(res.body.facets.examYear).toEqual({ '2022': 1 });
    expect(res.body.pagination).toMatchObject({ total: 1, page: 1 });
    const editor = await call('GET', `/search?q=${word}`, { token: callers.editor.token });
    expect(editor.body.data).toHaveLength(2);
    expect(editor.body.facets.type.question).toBe(2);
  });

  it.each([
    ['empty', ''],
    ['over 100 characters', 'x'.repeat(101)],
    ['only stop words', 'the and of'],
    ['only punctuation', '?!..'],
  ])('when q is %s, then 400 naming q', async (_n, q) => {
    const res = await call('GET', `/search?q=${encodeURIComponent(q)}`);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('VALIDATION_ERROR');
    expect(res.body.error.details[0].path).toBe('q');
  });
});

describe('GET /subject-offerings/:id/coverage', () => {
  it('when questions sit in modules of approved and pending papers, then only the visible ones are counted', async () => {
    const { offering } = await makeOffering(callers.admin.actor);
    const { module, topic } = await makeSyllabus(callers.admin.actor, offering.id);
    const approved = await makePaper(callers.admin.actor, offering.id, { examYear: 2021 });
    const pending = await makePaper(callers.admin.actor, offering.id, { status: 'pending' });
    await makeQuestion(callers.admin.actor, approved.id, {
      moduleId: module.id,
      topicId: topic.id,
      marks: 5,
    });
    await makeQuestion(callers.admin.actor, approved.id, { marks: 2 });
    await makeQuestion(callers.admin.actor, pending.id, { moduleId: module.id, marks: 10 });
    const res = await call('GET', `/subject-offerings/${offering.id}/coverage`);
    expect(res.status).toBe(200);
    const coverage = res.body.data;
    expect(coverage.papers).toEqual({ count: 1, years: [2021] });
    expect(coverage.modules[0]).toMatchObject({
      id: module.id,
      questionCount: 1,
      marks: 5,
      years: [2021],
    });
    expect(coverage.modules[0].topics[0]).toMatchObject({ id: topic.id, questionCount: 1 });
    expect(coverage.unassigned).toMatchObject({ questionCount: 1, marks: 2 });
    const editor = await call('GET', `/subject-offerings/${offering.id}/coverage`, {
      token: callers.editor.token,
    });
    expect(editor.body.data.papers.count).toBe(2);
    expect(editor.body.data.modules[0].questionCount).toBe(2);
    expect((await call('GET', '/subject-offerings/507f1f77bcf86cd799439011/coverage')).status).toBe(
      404,
    );
  });
});

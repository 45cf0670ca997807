// Search and coverage over HTTP: the envelope with facets, visibility, bad input, coverage counts.
import { describe, expect, it } from 'vitest';
import { makeOffering, makePaper, makeQuestion, makeSyllabus, uid } from '@qpc/domain/testing';
import { useApp } from './support/harness.js';

const { call, callers } = useApp();

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
    expect(res.body.facets.type).toEqual({ question: 1, paper: 0, subject: 0, topic: 0 });
    expect(res.body.data[0].context.paper).toMatchObject({ id: approved.id, examYear: 2022 });
    expect(res.body).toMatchObject({ corrected: null, hint: null });
    expect(res.body.facets.examYear).toEqual({ '2022': 1 });
    expect(res.body.pagination).toMatchObject({ total: 1, page: 1 });
    const editor = await call('GET', `/search?q=${word}`, { token: callers.editor.token });
    expect(editor.body.data).toHaveLength(2);
    expect(editor.body.facets.type.question).toBe(2);
  });

  it.each([
    ['only stop words', 'the and of'],
    ['only punctuation', '?!..'],
    ['one letter', 'x'],
  ])('when q is %s, then 200 with no hits and a plain hint', async (_n, q) => {
    const res = await call('GET', `/search?q=${encodeURIComponent(q)}`);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([]);
    expect(res.body.pagination.total).toBe(0);
    expect(res.body.hint).toMatch(/^[A-Z].*\.$/);
    expect(res.body.hint).not.toMatch(/\bq\b|validation/i);
  });

  it.each([
    ['empty', ''],
    ['over 100 characters', 'x'.repeat(101)],
  ])('when q is %s, then 400 naming q', async (_n, q) => {
    const res = await call('GET', `/search?q=${encodeURIComponent(q)}`);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('VALIDATION_ERROR');
    expect(res.body.error.details[0].path).toBe('q');
  });
});

describe('search, fourth release', () => {
  const letters = () => uid().replace(/[^a-z]/g, 'k');

  it('when a topic title, a repeated question and a misspelt word are searched, then topic hits, alsoAsked and corrected answer', async () => {
    const word = `tortoise${letters()}`;
    const { offering } = await makeOffering(callers.admin.actor);
    const { topic } = await makeSyllabus(callers.admin.actor, offering.id);
    const renamed = await call('PATCH', `/topics/${topic.id}`, {
      token: callers.admin.token,
      body: { title: `${word}heaps and queues` },
    });
    expect(renamed.status).toBe(200);
    const topicHit = await call('GET', `/search?q=${word}heap&type=topic`);
    expect(topicHit.body.data.map((h: { id: string }) => h.id)).toEqual([topic.id]);
    expect(topicHit.body.data[0].context).toMatchObject({
      topic: { id: topic.id },
      askedInLast: { asked: 0, of: 0 },
      subject: { id: expect.any(String) },
    });

    for (const examYear of [2021, 2022]) {
      const paper = await makePaper(callers.admin.actor, offering.id, { examYear });
      await makeQuestion(callers.admin.actor, paper.id, {
        text: `Describe the ${word} rotation of a splay tree in detail.`,
      });
    }
    const grouped = await call('GET', `/search?q=${word}&type=question`);
    expect(grouped.body.pagination.total).toBe(1);
    expect(grouped.body.facets.examYear).toEqual({ '2022': 1 });
    expect(grouped.body.data[0].context.alsoAsked).toEqual([
      expect.objectContaining({ examYear: 2021, examType: 'end-term' }),
    ]);

    const typo = `${word.slice(0, 3)}${word[4]}${word[3]}${word.slice(5)}`;
    const corrected = await call('GET', `/search?q=${typo}+rotation`);
    expect(corrected.status).toBe(200);
    expect(corrected.body.corrected).toBe(`${word} rotation`);
    expect(corrected.body.data).toHaveLength(1);
  });

  it('when words sit only under a deactivated university, then they are never suggested nor offered as a correction', async () => {
    const word = `pangolin${letters()}`;
    const { offering, university } = await makeOffering(callers.admin.actor);
    const paper = await makePaper(callers.admin.actor, offering.id);
    await makeQuestion(callers.admin.actor, paper.id, { text: `Prove the ${word} bound.` });
    const before = await call('GET', `/search/suggest?q=${word.slice(0, 6)}`);
    expect(before.body.data.map((s: { text: string }) => s.text)).toContain(word);
    const gone = await call('DELETE', `/universities/${university.id}`, {
      token: callers.admin.token,
    });
    expect(gone.status).toBe(204);
    const after = await call('GET', `/search/suggest?q=${word.slice(0, 6)}`);
    expect(after.status).toBe(200);
    expect(after.body.data).toEqual([]);
    const misspelt = await call('GET', `/search?q=${word}x`);
    expect(misspelt.body).toMatchObject({ corrected: null, data: [] });
  });

  it('when suggest is asked, then subjects, topics and words come as the envelope, and bad input is 400', async () => {
    const word = `axolotl${letters()}`;
    const { offering } = await makeOffering(callers.admin.actor);
    const paper = await makePaper(callers.admin.actor, offering.id);
    await makeQuestion(callers.admin.actor, paper.id, { text: `Count the ${word}s twice.` });
    const res = await call(
      'GET',
      `/search/suggest?q=${encodeURIComponent(`count ${word.slice(0, 7)}`)}`,
    );
    expect(res.status).toBe(200);
    expect(res.body.data).toContainEqual({ type: 'term', text: `count ${word}s` });
    expect(res.body.data.length).toBeLessThanOrEqual(10);
    for (const q of ['', 'x'.repeat(51)]) {
      const bad = await call('GET', `/search/suggest?q=${q}`);
      expect(bad.status).toBe(400);
      expect(bad.body.error.details[0].path).toBe('q');
    }
    expect((await call('GET', '/search/suggest?q=abcd&limit=3')).status).toBe(400);
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

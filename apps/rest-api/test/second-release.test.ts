// The contract's "Second release: reads, edits and deletes that users reach for", over HTTP:
// reads by id behind every Location, filters, sort, includeTotal, edits and deletes where the
// tree dead-ended, and an inactive university hiding everything under it.
import { describe, expect, it } from 'vitest';
import {
  makeOffering,
  makePaper,
  makeQuestion,
  makeSolution,
  makeSyllabus,
  makeTree,
  makeUser,
  uid,
} from '@qpc/domain/testing';
import type { TestUser } from '@qpc/domain/testing';
import { useApp } from './support/harness.js';

const { call, callers } = useApp();

const ids = (body: { data: { id: string }[] }) => body.data.map((item) => item.id);

describe('every Location names a route that answers GET', () => {
  it('when an offering, module, topic and solution are created, then GET on each Location answers 200 with the same resource', async () => {
    const admin = callers.admin;
    const { university, branch, semester, subject } = await makeOffering(admin.actor);
    const offering = await call('POST', '/subject-offerings', {
      token: admin.token,
      body: {
        universityId: university.id,
        branchId: branch.id,
        semesterId: semester.id,
        subjectId: subject.id,
        regulation: `R${uid()}`,
      },
    });
    expect(offering.status).toBe(201);
    await call('POST', '/syllabus', {
      token: admin.token,
      body: { subjectOfferingId: offering.body.data.id },
    });
    const module = await call('POST', '/modules', {
      token: admin.token,
      body: { subjectOfferingId: offering.body.data.id, title: 'Graphs' },
    });
    const topic = await call('POST', '/topics', {
      token: admin.token,
      body: { moduleId: module.body.data.id, title: 'BFS' },
    });
    const tree = await makeTree(admin.actor);
    const solution = await call('POST', '/solutions', {
      token: callers.normal.token,
      body: { questionId: tree.question.id, content: 'Queue the frontier.' },
    });
    for (const created of [offering, module, topic, solution]) {
      expect(created.status).toBe(201);
      const location = created.headers.get('location')!;
      const read = await call('GET', location);
      expect(read.status, location).toBe(200);
      expect(read.body.data.id).toBe(created.body.data.id);
    }
  });
});

describe('filters, sort and includeTotal', () => {
  it('when papers are filtered by university, branch, semester or subject, then one request answers, other trees excluded', async () => {
    const mine = await makeOffering(callers.admin.actor);
    const other = await makeOffering(callers.admin.actor);
    const paper = await makePaper(callers.admin.actor, mine.offering.id);
    await makePaper(callers.admin.actor, other.offering.id);
    for (const [field, value] of [
      ['universityId', mine.university.id],
      ['branchId', mine.branch.id],
      ['semesterId', mine.semester.id],
      ['subjectId', mine.subject.id],
    ]) {
      const res = await call('GET', `/papers?${field}=${value}`);
      expect(res.status, field).toBe(200);
      expect(ids(res.body), field).toEqual([paper.id]);
    }
  });

  it("when questions are filtered by subject offering, then only that offering's visible questions come back", async () => {
    const tree = await makeTree(callers.admin.actor);
    const hidden = await makePaper(callers.admin.actor, tree.offering.id, { status: 'pending' });
    await makeQuestion(callers.admin.actor, hidden.id);
    const res = await call('GET', `/questions?subjectOfferingId=${tree.offering.id}`);
    expect(ids(res.body)).toEqual([tree.question.id]);
    const editor = await call('GET', `/questions?subjectOfferingId=${tree.offering.id}`, {
      token: callers.editor.token,
    });
    expect(editor.body.data).toHaveLength(2);
  });

  it('when papers are sorted by -examYear,title or examYear, then the order follows, and an unknown field is 400 naming the fields', async () => {
    const { offering } = await makeOffering(callers.admin.actor);
    const a = await makePaper(callers.admin.actor, offering.id, { examYear: 2020 });
    const b = await makePaper(callers.admin.actor, offering.id, { examYear: 2022 });
    const c = await makePaper(callers.admin.actor, offering.id, { examYear: 2021 });
    const list = (sort: string) =>
      call('GET', `/papers?subjectOfferingId=${offering.id}&sort=${sort}`);
    expect(ids((await list('examYear')).body)).toEqual([a.id, c.id, b.id]);
    expect(ids((await list('-examYear,title')).body)).toEqual([b.id, c.id, a.id]);
    const refused = await list('popularity');
    expect(refused.status).toBe(400);
    expect(refused.body.error.code).toBe('VALIDATION_ERROR');
    expect(refused.body.error.details[0]).toMatchObject({ path: 'sort' });
    expect(refused.body.error.details[0].message).toContain('examYear');
  });

  it('when a list is asked with includeTotal=false, then total and totalPages are null and hasNextPage comes from one item past the page', async () => {
    const { offering } = await makeOffering(callers.admin.actor);
    for (const year of [2019, 2020, 2021]) {
      await makePaper(callers.admin.actor, offering.id, { examYear: year });
    }
    const page = (n: number) =>
      call('GET', `/papers?subjectOfferingId=${offering.id}&limit=2&page=${n}&includeTotal=false`);
    const first = await page(1);
    expect(first.body.data).toHaveLength(2);
    expect(first.body.pagination).toEqual({
      page: 1,
      limit: 2,
      total: null,
      totalPages: null,
      hasNextPage: true,
      hasPrevPage: false,
    });
    const second = await page(2);
    expect(second.body.data).toHaveLength(1);
    expect(second.body.pagination).toMatchObject({ hasNextPage: false, hasPrevPage: true });
    const counted = await call('GET', `/papers?subjectOfferingId=${offering.id}&limit=2`);
    expect(counted.body.pagination).toMatchObject({ total: 3, totalPages: 2 });
    expect((await call('GET', '/papers?includeTotal=maybe')).status).toBe(400);
  });
});

describe('edits and deletes where the tree dead-ended', () => {
  it('when a topic is moved to another module, then 400; when renamed, then 200', async () => {
    const { offering } = await makeOffering(callers.admin.actor);
    const { module, topic } = await makeSyllabus(callers.admin.actor, offering.id);
    const other = await call('POST', '/modules', {
      token: callers.editor.token,
      body: { subjectOfferingId: offering.id, title: 'Other' },
    });
    const move = await call('PATCH', `/topics/${topic.id}`, {
      token: callers.editor.token,
      body: { moduleId: other.body.data.id },
    });
    expect(move.status).toBe(400);
    const rename = await call('PATCH', `/topics/${topic.id}`, {
      token: callers.editor.token,
      body: { title: 'Renamed' },
    });
    expect(rename.body.data).toMatchObject({ title: 'Renamed', moduleId: module.id });
  });

  it('when a question has a solution, then deleting the solution first lets the question go', async () => {
    const tree = await makeTree(callers.admin.actor);
    const blocked = await call('DELETE', `/questions/${tree.question.id}`, {
      token: callers.admin.token,
    });
    expect(blocked.status).toBe(409);
    expect(
      (await call('DELETE', `/solutions/${tree.solution.id}`, { token: callers.admin.token }))
        .status,
    ).toBe(204);
    expect(
      (await call('DELETE', `/questions/${tree.question.id}`, { token: callers.admin.token }))
        .status,
    ).toBe(204);
  });

  it('when an offering has a syllabus with modules, then the syllabus delete is 409 naming them, and 204 once they are gone', async () => {
    const { offering } = await makeOffering(callers.admin.actor);
    const { module, topic } = await makeSyllabus(callers.admin.actor, offering.id);
    const path = `/subject-offerings/${offering.id}/syllabus`;
    const refused = await call('DELETE', path, { token: callers.admin.token });
    expect(refused.status).toBe(409);
    expect(refused.body.error.details).toEqual([expect.objectContaining({ path: 'modules' })]);
    await call('DELETE', `/topics/${topic.id}`, { token: callers.admin.token });
    await call('DELETE', `/modules/${module.id}`, { token: callers.admin.token });
    expect((await call('DELETE', path, { token: callers.admin.token })).status).toBe(204);
    expect(
      (await call('DELETE', `/subject-offerings/${offering.id}`, { token: callers.admin.token }))
        .status,
    ).toBe(204);
  });

  it('when the author edits and deletes their solution, then 200 and 204', async () => {
    const tree = await makeTree(callers.admin.actor);
    const author: TestUser = await makeUser('normal');
    const solution = await makeSolution(author.actor, tree.question.id);
    const edited = await call('PATCH', `/solutions/${solution.id}`, {
      token: author.token,
      body: { content: 'Clearer.' },
    });
    expect(edited.status).toBe(200);
    expect(edited.body.data.content).toBe('Clearer.');
    expect(
      (await call('DELETE', `/solutions/${solution.id}`, { token: author.token })).status,
    ).toBe(204);
    expect((await call('GET', `/solutions/${solution.id}`)).status).toBe(404);
  });
});

describe('an inactive university hides everything under it', () => {
  it('when a university is soft-deleted, then anonymous and normal callers get 404 or empty lists on every route, writes included; editors see it; reactivation shows it again', async () => {
    const tree = await makeTree(callers.admin.actor);
    const reads = [
      `/papers/${tree.paper.slug}`,
      `/questions/${tree.question.id}`,
      `/solutions/${tree.solution.id}`,
      `/subject-offerings/${tree.offering.id}`,
      `/subject-offerings/${tree.offering.id}/syllabus`,
      `/modules/${tree.module.id}`,
      `/topics/${tree.topic.id}`,
    ];
    const lists = [
      `/branches?universityId=${tree.university.id}`,
      `/semesters?branchId=${tree.branch.id}`,
      `/subject-offerings?universityId=${tree.offering.universityId}`,
      `/papers?subjectOfferingId=${tree.offering.id}`,
      `/questions?paperId=${tree.paper.id}`,
      `/solutions?questionId=${tree.question.id}`,
    ];
    const statuses = async (token?: string) =>
      Promise.all(reads.map(async (path) => (await call('GET', path, { token })).status));
    const sizes = async (token?: string) =>
      Promise.all(lists.map(async (path) => (await call('GET', path, { token })).body.data.length));

    expect(await statuses()).toEqual(reads.map(() => 200));
    const deleted = await call('DELETE', `/universities/${tree.university.id}`, {
      token: callers.admin.token,
    });
    expect(deleted.status).toBe(204);
    for (const token of [undefined, callers.normal.token]) {
      expect(await statuses(token)).toEqual(reads.map(() => 404));
      expect(await sizes(token)).toEqual(lists.map(() => 0));
    }
    const vote = await call('PATCH', `/solutions/${tree.solution.id}/vote`, {
      token: callers.normal.token,
      body: { value: 1 },
    });
    expect(vote.status).toBe(404);
    const answer = await call('POST', '/solutions', {
      token: callers.normal.token,
      body: { questionId: tree.question.id, content: 'x' },
    });
    expect(answer.status).toBe(400);
    expect(await statuses(callers.editor.token)).toEqual(reads.map(() => 200));

    const restored = await call('PATCH', `/universities/${tree.university.id}`, {
      token: callers.admin.token,
      body: { isActive: true },
    });
    expect(restored.status).toBe(200);
    expect(await statuses(callers.normal.token)).toEqual(reads.map(() => 200));
  });
});

import { questionSchema, syllabusWithModulesSchema } from '@qpc/domain/schemas';
import {
  makeOffering,
  makePaper,
  makeQuestion,
  makeSyllabus,
  SyllabusModel,
} from '@qpc/domain/testing';
import { describe, expect, it } from 'vitest';
import { useApp } from './support/harness.js';

const MISSING_ID = '0123456789abcdef01234567';

describe('syllabus, modules and topics', () => {
  const { call, admin, editor, normal } = useApp();

  it('when an editor builds a syllabus over HTTP, then the offering returns modules and topics in order', async () => {
    const { offering } = await makeOffering(admin.actor);
    const init = await call('POST', '/syllabus', {
      token: editor.token,
      body: { subjectOfferingId: offering.id },
    });
    expect(init.status).toBe(201);
    expect(init.headers.get('location')).toBe(`/api/v1/subject-offerings/${offering.id}/syllabus`);
    const second = await call('POST', '/modules', {
      token: editor.token,
      body: { subjectOfferingId: offering.id, title: 'Trees', order: 2 },
    });
    const first = await call('POST', '/modules', {
      token: editor.token,
      body: { subjectOfferingId: offering.id, title: 'Lists', order: 1 },
    });
    expect(first.status).toBe(201);
    expect(first.headers.get('location')).toBe(`/api/v1/modules/${first.body.data.id}`);
    const topicB = await call('POST', '/topics', {
      token: editor.token,
      body: { moduleId: first.body.data.id, title: 'Doubly linked', order: 2 },
    });
    await call('POST', '/topics', {
      token: editor.token,
      body: { moduleId: first.body.data.id, title: 'Singly linked', order: 1 },
    });
    expect(topicB.status).toBe(201);
    expect(topicB.headers.get('location')).toBe(`/api/v1/topics/${topicB.body.data.id}`);

    const res = await call('GET', init.headers.get('location')!);
    expect(res.status).toBe(200);
    expect(syllabusWithModulesSchema.safeParse(res.body.data).success).toBe(true);
    expect(res.body.data.subjectOfferingId).toBe(offering.id);
    expect(res.body.data.modules.map((m: { title: string }) => m.title)).toEqual([
      'Lists',
      'Trees',
    ]);
    expect(res.body.data.modules[0].topics.map((t: { title: string }) => t.title)).toEqual([
      'Singly linked',
      'Doubly linked',
    ]);
    expect(res.body.data.modules[1]).toMatchObject({ id: second.body.data.id, topics: [] });
    expect(res.headers.get('etag')).toBeTruthy();
  });

  it('when the offering already has a syllabus, then 409 and still one', async () => {
    const { offering } = await makeOffering(admin.actor);
    await makeSyllabus(admin.actor, offering.id);
    const res = await call('POST', '/syllabus', {
      token: editor.token,
      body: { subjectOfferingId: offering.id },
    });
    expect(res.status).toBe(409);
    expect(await SyllabusModel.countDocuments({ subjectOfferingId: offering.id })).toBe(1);
  });

  it('when the offering does not exist, then POST /syllabus is 400 naming subjectOfferingId', async () => {
    const res = await call('POST', '/syllabus', {
      token: editor.token,
      body: { subjectOfferingId: MISSING_ID },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.details).toEqual([
      expect.objectContaining({ path: 'subjectOfferingId' }),
    ]);
  });

  it('when a module is added to an offering without a syllabus, then 400; a topic of a missing module, then 400', async () => {
    const { offering } = await makeOffering(admin.actor);
    const mod = await call('POST', '/modules', {
      token: editor.token,
      body: { subjectOfferingId: offering.id, title: 'M' },
    });
    expect(mod.status).toBe(400);
    expect(mod.body.error.details[0].path).toBe('subjectOfferingId');
    const topic = await call('POST', '/topics', {
      token: editor.token,
      body: { moduleId: MISSING_ID, title: 'T' },
    });
    expect(topic.status).toBe(400);
    expect(topic.body.error.details[0].path).toBe('moduleId');
  });

  it.each([
    ['/modules', { subjectOfferingId: MISSING_ID, title: '' }],
    ['/modules', { subjectOfferingId: MISSING_ID, title: 'M', order: -1 }],
    ['/topics', { moduleId: MISSING_ID, title: 'T', extra: true }],
    ['/syllabus', {}],
  ])('when POST %s gets an invalid body, then 400', async (path, body) => {
    expect((await call('POST', path, { token: editor.token, body })).status).toBe(400);
  });

  it('when the offering has no syllabus, then GET syllabus is 404; a malformed id is 400', async () => {
    const { offering } = await makeOffering(admin.actor);
    expect((await call('GET', `/subject-offerings/${offering.id}/syllabus`)).status).toBe(404);
    expect((await call('GET', `/subject-offerings/${MISSING_ID}/syllabus`)).status).toBe(404);
    expect((await call('GET', '/subject-offerings/123/syllabus')).status).toBe(400);
  });

  describe('question lists of modules and topics', () => {
    it('when listing, then the questions of that module or topic come back newest first, filtered and paginated', async () => {
      const { offering } = await makeOffering(admin.actor);
      const { module, topic } = await makeSyllabus(admin.actor, offering.id);
      const paper = await makePaper(admin.actor, offering.id);
      const inTopic = await makeQuestion(admin.actor, paper.id, {
        moduleId: module.id,
        topicId: topic.id,
        type: 'short',
        difficulty: 'easy',
      });
      const inModule = await makeQuestion(admin.actor, paper.id, {
        moduleId: module.id,
        type: 'long',
        difficulty: 'hard',
        isVerified: true,
      });
      await makeQuestion(admin.actor, paper.id);

      const byModule = await call('GET', `/modules/${module.id}/questions`);
      expect(byModule.status).toBe(200);
      expect(byModule.body.data.map((q: { id: string }) => q.id)).toEqual([
        inModule.id,
        inTopic.id,
      ]);
      expect(questionSchema.safeParse(byModule.body.data[0]).success).toBe(true);
      expect(byModule.body.pagination).toEqual({
        page: 1,
        limit: 20,
        total: 2,
        totalPages: 1,
        hasNextPage: false,
        hasPrevPage: false,
      });

      const byTopic = await call('GET', `/topics/${topic.id}/questions`);
      expect(byTopic.body.data.map((q: { id: string }) => q.id)).toEqual([inTopic.id]);

      const ids = async (query: string) =>
        (await call('GET', `/modules/${module.id}/questions?${query}`)).body.data.map(
          (q: { id: string }) => q.id,
        );
      expect(await ids('type=short')).toEqual([inTopic.id]);
      expect(await ids('difficulty=hard')).toEqual([inModule.id]);
      expect(await ids('isVerified=true')).toEqual([inModule.id]);
      expect(await ids('isVerified=false')).toEqual([inTopic.id]);
      const paged = await call('GET', `/modules/${module.id}/questions?limit=1&page=2`);
      expect(paged.body.data.map((q: { id: string }) => q.id)).toEqual([inTopic.id]);
      expect(paged.body.pagination).toMatchObject({
        page: 2,
        limit: 1,
        total: 2,
        totalPages: 2,
        hasPrevPage: true,
        hasNextPage: false,
      });
    });

    it('when the paper is not approved, then anonymous and normal callers do not see its questions; editors do', async () => {
      const { offering } = await makeOffering(admin.actor);
      const { module, topic } = await makeSyllabus(admin.actor, offering.id);
      const pending = await makePaper(admin.actor, offering.id, { status: 'pending' });
      const hidden = await makeQuestion(admin.actor, pending.id, {
        moduleId: module.id,
        topicId: topic.id,
      });
      for (const path of [`/modules/${module.id}/questions`, `/topics/${topic.id}/questions`]) {
        expect((await call('GET', path)).body.data).toEqual([]);
        expect((await call('GET', path, { token: normal.token })).body.data).toEqual([]);
        expect(
          (await call('GET', path, { token: editor.token })).body.data.map(
            (q: { id: string }) => q.id,
          ),
        ).toEqual([hidden.id]);
      }
    });

    it.each([
      ['type=essay'],
      ['difficulty=extreme'],
      ['isVerified=yes'],
      ['page=0'],
      ['limit=101'],
      ['type=mcq&type=long'],
      ['paperId=0123456789abcdef01234567'],
    ])('when the query is %s, then 400', async (query) => {
      const { offering } = await makeOffering(admin.actor);
      const { module } = await makeSyllabus(admin.actor, offering.id);
      expect((await call('GET', `/modules/${module.id}/questions?${query}`)).status).toBe(400);
    });

    it('when the module or topic does not exist, then 404; a malformed id, then 400', async () => {
      expect((await call('GET', `/modules/${MISSING_ID}/questions`)).status).toBe(404);
      expect((await call('GET', `/topics/${MISSING_ID}/questions`)).status).toBe(404);
      expect((await call('GET', '/modules/abc/questions')).status).toBe(400);
      expect((await call('GET', '/topics/abc/questions')).status).toBe(400);
    });
  });
});

// Input built to break things: operators, prototype keys, fields nobody may set, regex metacharacters.
import {
  makeOffering,
  makePaper,
  makeQuestion,
  makeSolution,
  makeUniversity,
  PaperModel,
  SolutionModel,
  SubjectModel,
  uid,
  UniversityModel,
  UserModel,
} from '@qpc/domain/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { useApp } from './support/harness.js';

describe('hostile input', () => {
  const { call, admin, editor, normal } = useApp();
  afterEach(() => {
    // The app runs in this process: a polluted prototype would show here.
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.prototype).not.toHaveProperty('polluted');
  });

  describe('operators in bodies', () => {
    it.each([
      ['$gt in a string field', { name: { $gt: '' }, shortName: 'X' }],
      ['$ne in a string field', { name: 'Real', shortName: { $ne: null } }],
      ['a $-key at the top level', { name: 'Real', shortName: 'X', $where: 'sleep(1000)' }],
      ['$regex in a slug', { name: 'Real', shortName: 'X', slug: { $regex: '.*' } }],
    ])('when a university body carries %s, then 400 and nothing is stored', async (_case, body) => {
      const before = await UniversityModel.countDocuments();
      const res = await call('POST', '/universities', { token: editor.token, body });
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('VALIDATION_ERROR');
      expect(await UniversityModel.countDocuments()).toBe(before);
    });

    it('when an update body carries an operator, then 400 and the document is unchanged', async () => {
      const university = await makeUniversity(admin.actor);
      const res = await call('PATCH', `/universities/${university.id}`, {
        token: editor.token,
        body: { name: { $set: 'x' } },
      });
      expect(res.status).toBe(400);
      expect((await UniversityModel.findById(university.id).lean())!.name).toBe(university.name);
    });

    it('when a vote carries an operator, then 400 and no vote is stored', async () => {
      const paper = await makePaper(admin.actor, (await makeOffering(admin.actor)).offering.id);
      const solution = await makeSolution(
        admin.actor,
        (await makeQuestion(admin.actor, paper.id)).id,
      );
      const res = await call('PATCH', `/solutions/${solution.id}/vote`, {
        token: normal.token,
        body: { value: { $inc: 100 } },
      });
      expect(res.status).toBe(400);
    });
  });

  describe('prototype keys', () => {
    it.each([
      ['__proto__', '{"name":"Proto U","shortName":"P","__proto__":{"polluted":true}}'],
      [
        'constructor.prototype',
        '{"name":"Ctor U","shortName":"C","constructor":{"prototype":{"polluted":true}}}',
      ],
      ['a nested __proto__', '{"name":{"__proto__":{"polluted":true}},"shortName":"N"}'],
    ])(
      'when a body carries %s, then 400, nothing is stored and no prototype is polluted',
      async (_case, rawBody) => {
        const before = await UniversityModel.countDocuments();
        const res = await call('POST', '/universities', { token: editor.token, rawBody });
        expect(res.status).toBe(400);
        expect(await UniversityModel.countDocuments()).toBe(before);
      },
    );

    it('when a query carries __proto__, then 400', async () => {
      expect((await call('GET', '/universities?__proto__[polluted]=true')).status).toBe(400);
      expect((await call('GET', '/universities?__proto__=x')).status).toBe(400);
    });
  });

  describe('fields the caller may not set', () => {
    it.each([
      ['id', { id: '0123456789abcdef01234567' }],
      ['_id', { _id: '0123456789abcdef01234567' }],
      ['createdAt', { createdAt: '2000-01-01T00:00:00.000Z' }],
      ['updatedAt', { updatedAt: '2000-01-01T00:00:00.000Z' }],
      ['isActive on create', { isActive: false }],
      ['deletedAt', { deletedAt: null }],
    ])(
      'when a university create body sets %s, then 400 and nothing is stored',
      async (_case, extra) => {
        const name = `Sneaky ${uid()}`;
        const res = await call('POST', '/universities', {
          token: editor.token,
          body: { name, shortName: 'S', ...extra },
        });
        expect(res.status).toBe(400);
        expect(await UniversityModel.countDocuments({ name })).toBe(0);
      },
    );

    it('when a paper create body sets status approved or createdBy, then 400 and nothing is stored', async () => {
      const { offering } = await makeOffering(admin.actor);
      for (const extra of [
        { status: 'approved' },
        { createdBy: admin.actor.id },
        { statusHistory: [] },
      ]) {
        const res = await call('POST', '/papers', {
          token: editor.token,
          body: { subjectOfferingId: offering.id, examYear: 2022, examType: 'end-term', ...extra },
        });
        expect(res.status).toBe(400);
      }
      expect(await PaperModel.countDocuments({ subjectOfferingId: offering.id })).toBe(0);
    });

    it('when a solution body sets authorId, upvotes or score, then 400 and nothing is stored', async () => {
      const paper = await makePaper(admin.actor, (await makeOffering(admin.actor)).offering.id);
      const question = await makeQuestion(admin.actor, paper.id);
      for (const extra of [
        { authorId: admin.actor.id },
        { upvotes: 1000 },
        { score: 5 },
        { downvotes: 0 },
      ]) {
        const res = await call('POST', '/solutions', {
          token: normal.token,
          body: { questionId: question.id, content: 'x', ...extra },
        });
        expect(res.status).toBe(400);
      }
      expect(await SolutionModel.countDocuments({ questionId: question.id })).toBe(0);
    });

    it('when a user update sets externalId, email or name, then 400 and the user is unchanged', async () => {
      for (const extra of [
        { externalId: 'hijack' },
        { email: 'x@y.z' },
        { role: 'admin', name: 'Boss' },
      ]) {
        const res = await call('PATCH', `/users/${normal.sub}`, {
          token: admin.token,
          body: extra,
        });
        expect(res.status).toBe(400);
      }
      expect(await UserModel.findOne({ externalId: normal.sub }).lean()).toMatchObject({
        role: 'normal',
        externalId: normal.sub,
      });
    });

    it('when a normal user tries to change their own role, then 403 and the role stays', async () => {
      const res = await call('PATCH', `/users/${normal.sub}`, {
        token: normal.token,
        body: { role: 'admin' },
      });
      expect(res.status).toBe(403);
      expect((await UserModel.findOne({ externalId: normal.sub }).lean())!.role).toBe('normal');
    });
  });

  describe('query strings', () => {
    it.each([
      ['search[$ne]=x', '/universities'],
      ['search[$regex]=.*', '/users'],
      ['isActive[$ne]=true', '/universities'],
      ['type=mcq&type=long', '/questions'],
      ['universityId[]=a', '/branches'],
      ['universityId={"$ne":null}', '/branches'],
      ['status[$in][]=pending', '/papers'],
    ])('when the query is %s, then 400 VALIDATION_ERROR', async (query, path) => {
      const res = await call('GET', `${path}?${query}`, { token: admin.token });
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('VALIDATION_ERROR');
    });

    it('when search holds regex characters, then they match literally', async () => {
      const tag = uid();
      const special = await makeUniversity(admin.actor, { name: `C++ (Advanced) [v2] ${tag}` });
      await makeUniversity(admin.actor, { name: `Cxx Advanced v2 ${tag}` });
      const names = async (search: string) =>
        (await call('GET', `/universities?search=${encodeURIComponent(search)}`)).body.data.map(
          (u: { id: string }) => u.id,
        );
      expect(await names(`C++ (Advanced) [v2] ${tag}`)).toEqual([special.id]);
      expect(await names(`.* ${tag}`)).toEqual([]);
      expect(await names(`^C`)).toEqual([]);
      expect(await names(`[v2] ${tag}`)).toEqual([special.id]);
    });

    it('when search is very long, then 400 rather than a slow scan', async () => {
      const res = await call('GET', `/subjects?search=${'a'.repeat(500)}`);
      expect(res.status).toBe(400);
    });
  });

  describe('body shapes', () => {
    it.each([
      ['an array', '[]'],
      ['a string', '"name"'],
      ['null', 'null'],
      ['a number', '42'],
    ])('when the JSON body is %s, then 400', async (_case, rawBody) => {
      const before = await SubjectModel.countDocuments();
      expect((await call('POST', '/subjects', { token: editor.token, rawBody })).status).toBe(400);
      expect(await SubjectModel.countDocuments()).toBe(before);
    });

    it('when a JSON POST has an empty body (Content-Length: 0), then the same 400 as for {}', async () => {
      const before = await SubjectModel.countDocuments();
      const empty = await call('POST', '/subjects', { token: editor.token, rawBody: '' });
      const object = await call('POST', '/subjects', { token: editor.token, body: {} });
      expect(empty.status).toBe(400);
      expect(empty.body.error.code).toBe('VALIDATION_ERROR');
      expect(empty.body.error.details).toEqual(object.body.error.details);
      expect(empty.body.error.details.length).toBeGreaterThan(0);
      expect(await SubjectModel.countDocuments()).toBe(before);
    });

    it('when the body is not JSON, then 400 and nothing is stored', async () => {
      const before = await SubjectModel.countDocuments();
      const res = await call('POST', '/subjects', {
        token: editor.token,
        rawBody: 'name=Form+Subject',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(res.status).toBe(400);
      expect(await SubjectModel.countDocuments()).toBe(before);
    });
  });
});

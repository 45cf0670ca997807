import { paperSchema } from '@qpc/domain/schemas';
import { makeOffering, makePaper, makeQuestion, PaperModel } from '@qpc/domain/testing';
import { describe, expect, it } from 'vitest';
import { useApp } from './support/harness.js';

describe('papers', () => {
  const { call, callers, admin, editor } = useApp();

  describe('durationMinutes', () => {
    it('when a paper is created with 180 minutes and patched to null, then GET shows 180, then null', async () => {
      const { offering } = await makeOffering(admin.actor);
      const created = await call('POST', '/papers', {
        token: editor.token,
        body: {
          subjectOfferingId: offering.id,
          examYear: 2021,
          examType: 'quiz',
          durationMinutes: 180,
        },
      });
      expect(created.status).toBe(201);
      expect(created.body.data.durationMinutes).toBe(180);
      const path = `/papers/${created.body.data.slug}`;
      const read = await call('GET', path, { token: editor.token });
      expect(read.body.data.durationMinutes).toBe(180);
      const patched = await call('PATCH', `/papers/${created.body.data.id}`, {
        token: editor.token,
        body: { durationMinutes: null },
      });
      expect(patched.status).toBe(200);
      expect(patched.body.data.durationMinutes).toBeNull();
      expect(paperSchema.safeParse(patched.body.data).success).toBe(true);
    });

    it('when a paper stored before the field existed is read, then durationMinutes is null', async () => {
      const { offering } = await makeOffering(admin.actor);
      const paper = await makePaper(admin.actor, offering.id, { status: 'approved' });
      // As a paper written before durationMinutes existed: no such key at all.
      await PaperModel.updateOne({ _id: paper.id }, { $unset: { durationMinutes: 1 } });
      const res = await call('GET', `/papers/${paper.slug}`);
      expect(res.status).toBe(200);
      expect(res.body.data.durationMinutes).toBeNull();
      expect(paperSchema.safeParse(res.body.data).success).toBe(true);
    });

    it('when durationMinutes is 1441, then 400 naming the field', async () => {
      const { offering } = await makeOffering(admin.actor);
      const res = await call('POST', '/papers', {
        token: editor.token,
        body: {
          subjectOfferingId: offering.id,
          examYear: 2021,
          examType: 'quiz',
          durationMinutes: 1441,
        },
      });
      expect(res.status).toBe(400);
      expect(JSON.stringify(res.body)).toContain('durationMinutes');
    });
  });

  describe('create', () => {
    it('when an editor creates a paper, then 201, pending by default, with a generated title and Location by slug', async () => {
      const { offering, subject } = await makeOffering(admin.actor);
      const res = await call('POST', '/papers', {
        token: editor.token,
        body: { subjectOfferingId: offering.id, examYear: 2022, examType: 'end-term' },
      });
      expect(res.status).toBe(201);
      expect(paperSchema.safeParse(res.body.data).success).toBe(true);
      expect(res.body.data).toMatchObject({
        status: 'pending',
        examYear: 2022,
        examType: 'end-term',
        createdBy: editor.actor.id,
      });
      expect(res.body.data.title).toContain(subject.name);
      expect(res.headers.get('location')).toBe(`/api/v1/papers/${res.body.data.slug}`);
    });

    it('when the body asks for draft, then it starts as draft', async () => {
      const { offering } = await makeOffering(admin.actor);
      const res = await call('POST', '/papers', {
        token: editor.token,
        body: {
          subjectOfferingId: offering.id,
          examYear: 2020,
          examType: 'quiz',
          status: 'draft',
          title: 'Quiz 1',
        },
      });
      expect(res.status).toBe(201);
      expect(res.body.data.status).toBe('draft');
    });

    it.each([
      ['status approved', { status: 'approved' }, 'status'],
      ['an exam year before 1900', { examYear: 1899 }, 'examYear'],
      ['an exam year after next year', { examYear: new Date().getFullYear() + 2 }, 'examYear'],
      ['an unknown exam type', { examType: 'final' }, 'examType'],
      [
        'a missing subject offering',
        { subjectOfferingId: '0123456789abcdef01234567' },
        'subjectOfferingId',
      ],
      ['an unknown field', { pages: 3 }, 'pages'],
    ])(
      'when the body has %s, then 400 naming the field and nothing is stored',
      async (_case, override, path) => {
        const { offering } = await makeOffering(admin.actor);
        const res = await call('POST', '/papers', {
          token: editor.token,
          body: {
            subjectOfferingId: offering.id,
            examYear: 2022,
            examType: 'mid-term',
            ...override,
          },
        });
        expect(res.status).toBe(400);
        expect(res.body.error.details[0].path).toBe(path);
        expect(await PaperModel.countDocuments({ subjectOfferingId: offering.id })).toBe(0);
      },
    );

    it('when the explicit slug is taken, then 409', async () => {
      const { offering } = await makeOffering(admin.actor);
      const paper = await makePaper(admin.actor, offering.id);
      const res = await call('POST', '/papers', {
        token: editor.token,
        body: {
          subjectOfferingId: offering.id,
          examYear: 2022,
          examType: 'mid-term',
          slug: paper.slug,
        },
      });
      expect(res.status).toBe(409);
    });
  });

  describe('visibility', () => {
    it('when a paper is pending, then anonymous, normal and deactivated callers get 404 and editors and admins see it with statusHistory', async () => {
      const { offering } = await makeOffering(admin.actor);
      const paper = await makePaper(admin.actor, offering.id, { status: 'pending' });
      for (const token of [undefined, callers.normal.token, callers.deactivated.token]) {
        const res = await call('GET', `/papers/${paper.slug}`, { token });
        expect(res.status).toBe(404);
      }
      for (const token of [editor.token, admin.token]) {
        const res = await call('GET', `/papers/${paper.slug}`, { token });
        expect(res.status).toBe(200);
        expect(res.body.data).toMatchObject({ id: paper.id, status: 'pending', statusHistory: [] });
      }
    });

    it('when a paper is approved, then everyone reads it, but only editors and admins see statusHistory', async () => {
      const { offering } = await makeOffering(admin.actor);
      const paper = await makePaper(admin.actor, offering.id, { status: 'approved' });
      const anonymous = await call('GET', `/papers/${paper.slug}`);
      expect(anonymous.status).toBe(200);
      expect(anonymous.body.data).not.toHaveProperty('statusHistory');
      expect(
        (await call('GET', `/papers/${paper.slug}`, { token: callers.normal.token })).body.data,
      ).not.toHaveProperty('statusHistory');
      expect(
        (await call('GET', `/papers/${paper.slug}`, { token: editor.token })).body.data
          .statusHistory,
      ).toHaveLength(1);
    });

    it('when listing, then anonymous callers see approved papers only (a status they cannot see answers an empty page) and editors may filter by status', async () => {
      const { offering } = await makeOffering(admin.actor);
      const approved = await makePaper(admin.actor, offering.id, { status: 'approved' });
      const pending = await makePaper(admin.actor, offering.id, { status: 'pending' });
      const rejected = await makePaper(admin.actor, offering.id, { status: 'rejected' });
      const ids = async (query: string, token?: string) =>
        (await call('GET', `/papers?subjectOfferingId=${offering.id}${query}`, { token })).body.data
          .map((p: { id: string }) => p.id)
          .sort();
      expect(await ids('')).toEqual([approved.id]);
      expect(await ids('&status=pending')).toEqual([]);
      expect(await ids('&status=pending', callers.normal.token)).toEqual([]);
      expect(await ids('&status=approved')).toEqual([approved.id]);
      expect(await ids('', callers.deactivated.token)).toEqual([approved.id]);
      expect(await ids('', editor.token)).toEqual([approved.id, pending.id, rejected.id].sort());
      expect(await ids('&status=pending', editor.token)).toEqual([pending.id]);
      expect(await ids('&status=rejected', admin.token)).toEqual([rejected.id]);
    });
  });

  describe('list', () => {
    it('when filtering by year and type, then matching papers come newest year first with pagination', async () => {
      const { offering } = await makeOffering(admin.actor);
      const old = await makePaper(admin.actor, offering.id, {
        examYear: 2019,
        examType: 'end-term',
      });
      const recent = await makePaper(admin.actor, offering.id, {
        examYear: 2023,
        examType: 'end-term',
      });
      const mid = await makePaper(admin.actor, offering.id, {
        examYear: 2021,
        examType: 'mid-term',
      });
      const ids = async (query: string) =>
        (await call('GET', `/papers?subjectOfferingId=${offering.id}${query}`)).body.data.map(
          (p: { id: string }) => p.id,
        );
      expect(await ids('')).toEqual([recent.id, mid.id, old.id]);
      expect(await ids('&examYear=2021')).toEqual([mid.id]);
      expect(await ids('&examType=end-term')).toEqual([recent.id, old.id]);
      expect(await ids('&examType=end-term&examYear=2019')).toEqual([old.id]);
      const paged = await call('GET', `/papers?subjectOfferingId=${offering.id}&limit=2&page=2`);
      expect(paged.body.data.map((p: { id: string }) => p.id)).toEqual([old.id]);
      expect(paged.body.pagination).toEqual({
        page: 2,
        limit: 2,
        total: 3,
        totalPages: 2,
        hasNextPage: false,
        hasPrevPage: true,
      });
    });

    it.each([
      ['examYear=abc'],
      ['examType=final'],
      ['status=published'],
      ['subjectOfferingId=1'],
      ['page=0'],
      ['limit=101'],
      ['examYear=2020&examYear=2021'],
    ])('when the query is %s, then 400', async (query) => {
      expect((await call('GET', `/papers?${query}`)).status).toBe(400);
    });
  });

  describe('update and status', () => {
    it('when an editor updates the title, then 200; a status in the update body is 400', async () => {
      const { offering } = await makeOffering(admin.actor);
      const paper = await makePaper(admin.actor, offering.id, { status: 'pending' });
      const res = await call('PATCH', `/papers/${paper.id}`, {
        token: editor.token,
        body: { title: 'Retitled', examYear: 2021 },
      });
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ title: 'Retitled', examYear: 2021, status: 'pending' });
      const refused = await call('PATCH', `/papers/${paper.id}`, {
        token: editor.token,
        body: { status: 'approved' },
      });
      expect(refused.status).toBe(400);
      expect((await PaperModel.findById(paper.id).lean())!.status).toBe('pending');
    });

    it('when an admin sets the status, then it changes and each change is recorded with from, to, by, at and reason', async () => {
      const { offering } = await makeOffering(admin.actor);
      const paper = await makePaper(admin.actor, offering.id, { status: 'pending' });
      await makeQuestion(admin.actor, paper.id);
      const approved = await call('PATCH', `/papers/${paper.id}/status`, {
        token: admin.token,
        body: { status: 'approved', reason: 'Checked against the original' },
      });
      expect(approved.status).toBe(200);
      expect(approved.body.data.status).toBe('approved');
      expect(approved.body.data.statusHistory).toEqual([
        {
          from: 'pending',
          to: 'approved',
          by: admin.actor.id,
          at: expect.any(String),
          reason: 'Checked against the original',
        },
      ]);
      expect(new Date(approved.body.data.statusHistory[0].at).toISOString()).toBe(
        approved.body.data.statusHistory[0].at,
      );
      expect((await call('GET', `/papers/${paper.slug}`)).status).toBe(200);

      const rejected = await call('PATCH', `/papers/${paper.id}/status`, {
        token: admin.token,
        body: { status: 'rejected' },
      });
      expect(
        rejected.body.data.statusHistory.map(
          (h: { from: string; to: string; reason: string | null }) => [h.from, h.to, h.reason],
        ),
      ).toEqual([
        ['pending', 'approved', 'Checked against the original'],
        ['approved', 'rejected', null],
      ]);
      expect((await call('GET', `/papers/${paper.slug}`)).status).toBe(404);
    });

    it.each([
      ['an unknown status', { status: 'published' }],
      ['no status', { reason: 'x' }],
      ['an extra field', { status: 'approved', by: 'someone' }],
    ])('when the status body has %s, then 400', async (_case, body) => {
      const { offering } = await makeOffering(admin.actor);
      const paper = await makePaper(admin.actor, offering.id, { status: 'pending' });
      expect(
        (await call('PATCH', `/papers/${paper.id}/status`, { token: admin.token, body })).status,
      ).toBe(400);
    });

    it('when an editor sets the status, then 403 and it stays', async () => {
      const { offering } = await makeOffering(admin.actor);
      const paper = await makePaper(admin.actor, offering.id, { status: 'pending' });
      expect(
        (
          await call('PATCH', `/papers/${paper.id}/status`, {
            token: editor.token,
            body: { status: 'approved' },
          })
        ).status,
      ).toBe(403);
      expect((await PaperModel.findById(paper.id).lean())!.status).toBe('pending');
    });

    it('when the paper does not exist, then 404 on update, status and delete', async () => {
      const id = '0123456789abcdef01234567';
      expect(
        (await call('PATCH', `/papers/${id}`, { token: editor.token, body: { title: 'x' } }))
          .status,
      ).toBe(404);
      expect(
        (
          await call('PATCH', `/papers/${id}/status`, {
            token: admin.token,
            body: { status: 'draft' },
          })
        ).status,
      ).toBe(404);
      expect((await call('DELETE', `/papers/${id}`, { token: admin.token })).status).toBe(404);
    });
  });

  describe('delete', () => {
    it('when the paper has no questions, then 204; with questions, then 409 and it stays', async () => {
      const { offering } = await makeOffering(admin.actor);
      const empty = await makePaper(admin.actor, offering.id);
      expect((await call('DELETE', `/papers/${empty.id}`, { token: admin.token })).status).toBe(
        204,
      );
      expect(await PaperModel.exists({ _id: empty.id })).toBeNull();
      const full = await makePaper(admin.actor, offering.id);
      await makeQuestion(admin.actor, full.id);
      const refused = await call('DELETE', `/papers/${full.id}`, { token: admin.token });
      expect(refused.status).toBe(409);
      expect(refused.body.error.message).toMatch(/question/);
      expect(await PaperModel.exists({ _id: full.id })).not.toBeNull();
    });
  });
});

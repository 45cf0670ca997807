// The review workflow over HTTP: an editor submits their paper, an admin approves (an empty paper
// only with force) or rejects, the editor finds their papers with createdBy=me.
import { setPaperStatus } from '@qpc/domain';
import type { PaperStatus } from '@qpc/domain/schemas';
import { makeOffering, makePaper, makeQuestion, makeUser } from '@qpc/domain/testing';
import { beforeAll, describe, expect, it } from 'vitest';
import { useApp } from './support/harness.js';

describe('paper workflow', () => {
  const { call, callers, admin, editor } = useApp();
  let offeringId: string;
  beforeAll(async () => {
    offeringId = (await makeOffering(admin.actor)).offering.id;
  });

  /** A paper the file's editor created, put in `status` by an admin. */
  const editorsPaper = async (status: PaperStatus) => {
    const paper = await makePaper(editor.actor, offeringId, {
      status: status === 'draft' ? 'draft' : 'pending',
    });
    if (status !== 'approved' && status !== 'rejected') return paper;
    return setPaperStatus({ actor: admin.actor, id: paper.id, input: { status, force: true } });
  };
  const editorsDraft = () => editorsPaper('draft');

  describe('POST /papers/:id/submit', () => {
    it('when its editor submits a draft with a note, then 200, pending, the note recorded as the reason', async () => {
      const paper = await editorsDraft();
      const res = await call('POST', `/papers/${paper.id}/submit`, {
        token: editor.token,
        body: { note: 'All ten questions in' },
      });
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ id: paper.id, status: 'pending', questionCount: 0 });
      expect(res.body.data.statusHistory).toEqual([
        {
          from: 'draft',
          to: 'pending',
          by: editor.actor.id,
          at: expect.any(String),
          reason: 'All ten questions in',
        },
      ]);
    });

    it('when a rejected paper is fixed and resubmitted with no body, then it is pending again', async () => {
      const paper = await editorsPaper('rejected');
      const res = await call('POST', `/papers/${paper.id}/submit`, { token: editor.token });
      expect(res.status).toBe(200);
      expect(res.body.data.status).toBe('pending');
      expect(res.body.data.statusHistory.at(-1)).toMatchObject({
        from: 'rejected',
        to: 'pending',
        reason: null,
      });
    });

    it('should return 403 if another editor submits', async () => {
      const paper = await editorsDraft();
      const other = await makeUser('editor');
      const res = await call('POST', `/papers/${paper.id}/submit`, {
        token: other.token,
        body: {},
      });
      expect(res.status).toBe(403);
      expect(res.body.error.code).toBe('FORBIDDEN');
      const read = await call('GET', `/papers/${paper.slug}`, { token: admin.token });
      expect(read.body.data).toMatchObject({ status: 'draft', statusHistory: [] });
    });

    it('should return 200 if an admin submits an editor’s paper', async () => {
      const paper = await editorsDraft();
      const res = await call('POST', `/papers/${paper.id}/submit`, {
        token: admin.token,
        body: {},
      });
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ status: 'pending', createdBy: editor.actor.id });
    });

    it.each(['pending', 'approved'] as const)(
      'should return 409 if the paper is %s already',
      async (status) => {
        const paper = await editorsPaper(status);
        const res = await call('POST', `/papers/${paper.id}/submit`, {
          token: editor.token,
          body: {},
        });
        expect(res.status).toBe(409);
        expect(res.body.error.code).toBe('CONFLICT');
      },
    );

    it('should return 400 naming the field if the body has an unknown field', async () => {
      const paper = await editorsDraft();
      const res = await call('POST', `/papers/${paper.id}/submit`, {
        token: editor.token,
        body: { status: 'approved' },
      });
      expect(res.status).toBe(400);
      expect(res.body.error.details[0].path).toBe('status');
    });

    it('should return 404 if the paper does not exist', async () => {
      const res = await call('POST', '/papers/0123456789abcdef01234567/submit', {
        token: editor.token,
        body: {},
      });
      expect(res.status).toBe(404);
    });
  });

  describe('PATCH /papers/:id/status with an empty paper', () => {
    it('should return 409 PAPER_EMPTY if an admin approves a paper with no questions, and 200 with force', async () => {
      const paper = await makePaper(editor.actor, offeringId, { status: 'pending' });
      const refused = await call('PATCH', `/papers/${paper.id}/status`, {
        token: admin.token,
        body: { status: 'approved' },
      });
      expect(refused.status).toBe(409);
      expect(refused.body.error.code).toBe('PAPER_EMPTY');
      expect((await call('GET', `/papers/${paper.slug}`)).status).toBe(404);

      const forced = await call('PATCH', `/papers/${paper.id}/status`, {
        token: admin.token,
        body: { status: 'approved', force: true },
      });
      expect(forced.status).toBe(200);
      expect(forced.body.data).toMatchObject({ status: 'approved', questionCount: 0 });
    });

    it('should return 200 if the paper has questions, without force', async () => {
      const paper = await makePaper(editor.actor, offeringId, { status: 'pending' });
      await makeQuestion(editor.actor, paper.id);
      const res = await call('PATCH', `/papers/${paper.id}/status`, {
        token: admin.token,
        body: { status: 'approved' },
      });
      expect(res.status).toBe(200);
      expect(res.body.data.questionCount).toBe(1);
    });
  });

  describe('GET /papers?createdBy=', () => {
    it('when an editor asks for createdBy=me, then only their papers come back, with createdBy, questionCount and draftsWaiting', async () => {
      const mine = await editorsDraft();
      const theirs = await makePaper(admin.actor, offeringId, { status: 'draft' });
      const res = await call(
        'GET',
        `/papers?createdBy=me&subjectOfferingId=${offeringId}&limit=100`,
        {
          token: editor.token,
        },
      );
      expect(res.status).toBe(200);
      const ids = res.body.data.map((p: { id: string }) => p.id);
      expect(ids).toContain(mine.id);
      expect(ids).not.toContain(theirs.id);
      for (const paper of res.body.data) {
        expect(paper).toMatchObject({
          createdBy: editor.actor.id,
          questionCount: expect.any(Number),
          draftsWaiting: expect.any(Number),
        });
      }
    });

    it.each([
      [401, 'an anonymous caller', undefined],
      [403, 'a normal user', 'normal'],
    ] as const)('should return %i if %s filters by createdBy', async (status, _n, kind) => {
      const token = kind ? callers[kind].token : undefined;
      const res = await call('GET', '/papers?createdBy=me', { token });
      expect(res.status).toBe(status);
    });

    it('should return 400 naming createdBy if it is neither me nor an id', async () => {
      const res = await call('GET', '/papers?createdBy=alice', { token: editor.token });
      expect(res.status).toBe(400);
      expect(res.body.error.details[0].path).toBe('createdBy');
    });

    it('when anonymous and normal callers list approved papers, then questionCount shows and createdBy and draftsWaiting do not', async () => {
      const paper = await editorsPaper('approved');
      await makeQuestion(editor.actor, paper.id);
      await makeQuestion(editor.actor, paper.id);
      for (const token of [undefined, callers.normal.token]) {
        const res = await call('GET', `/papers?subjectOfferingId=${offeringId}&limit=100`, {
          token,
        });
        const found = res.body.data.find((p: { id: string }) => p.id === paper.id);
        expect(found.questionCount).toBe(2);
        expect(found).not.toHaveProperty('createdBy');
        expect(found).not.toHaveProperty('draftsWaiting');
      }
      const asEditor = await call('GET', `/papers/${paper.slug}`, { token: editor.token });
      expect(asEditor.body.data).toMatchObject({ questionCount: 2, draftsWaiting: 0 });
    });
  });
});

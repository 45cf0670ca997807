// Defect 5: a 400 says what is wrong in plain words, naming the field and the values it takes,
// in `error.message` and in each of `error.details`.
import { maxExamYear } from '@qpc/domain/schemas';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeOffering, makePaper } from '@qpc/domain/testing';
import { useApp } from './support/harness.js';

describe('validation messages over REST', () => {
  const { call, editor } = useApp();
  let offeringId: string;
  let paperId: string;
  beforeAll(async () => {
    const { offering } = await makeOffering(editor.actor);
    offeringId = offering.id;
    paperId = (await makePaper(editor.actor, offeringId, { status: 'pending' })).id;
  });

  const question = () => ({ paperId, text: 'Define entropy.', difficulty: 'easy' });

  it.each([
    [
      'a required field is missing',
      '/universities',
      () => ({ name: 'Only a name' }),
      { path: 'shortName', message: 'shortName is required' },
    ],
    [
      'a question type is unknown',
      '/questions',
      () => ({ ...question(), type: 'essay' }),
      { path: 'type', message: 'type must be one of mcq, short, long, numerical, coding' },
    ],
    [
      'an mcq question has no options',
      '/questions',
      () => ({ ...question(), type: 'mcq' }),
      { path: 'options', message: 'options (2 to 10) are required for an mcq question' },
    ],
    [
      'an exam year is out of range',
      '/papers',
      () => ({ subjectOfferingId: offeringId, examYear: 1899, examType: 'quiz' }),
      { path: 'examYear', message: `examYear must be between 1900 and ${maxExamYear()}` },
    ],
    [
      'an exam type is unknown',
      '/papers',
      () => ({ subjectOfferingId: offeringId, examYear: 2020, examType: 'final' }),
      {
        path: 'examType',
        message: 'examType must be one of end-term, mid-term, supplementary, quiz',
      },
    ],
    [
      'a field is unknown',
      '/universities',
      () => ({ name: 'N', shortName: 'S', motto: 'x' }),
      { path: 'motto', message: 'motto is not allowed (allowed: name, shortName, slug)' },
    ],
    [
      'a field has the wrong type',
      '/universities',
      () => ({ name: 42, shortName: 'S' }),
      { path: 'name', message: 'name must be text, not a number' },
    ],
  ])(
    'when %s, then 400 whose message and detail say so in plain words',
    async (_c, path, body, detail) => {
      const res = await call('POST', path, { token: editor.token, body: body() });
      expect(res.status).toBe(400);
      expect(res.body.error).toMatchObject({
        code: 'VALIDATION_ERROR',
        message: detail.message,
        details: [detail],
      });
    },
  );

  it('when several fields are wrong, then the message lists each and details name each', async () => {
    const res = await call('POST', '/universities', {
      token: editor.token,
      body: { name: '  ', slug: 'Not A Slug' },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.details.map((d: { path: string }) => d.path)).toEqual([
      'name',
      'shortName',
      'slug',
    ]);
    expect(res.body.error.message).toBe(
      'name must not be empty; shortName is required; slug must be lowercase kebab-case (a-z, 0-9 and single dashes)',
    );
  });

  it('when a path id is malformed, then the message names the parameter', async () => {
    const res = await call('GET', '/questions/nope');
    expect(res.status).toBe(400);
    expect(res.body.error.details).toEqual([
      { path: 'id', message: 'id must be a 24-character hexadecimal id' },
    ]);
  });
});

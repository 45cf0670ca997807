// Validation messages in plain words: each names its field and, where there is a choice, the
// values allowed. Both apps show these messages as they are (REST `details`, GraphQL errors).
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { objectId } from '../common-schemas.js';
import { parseInput, ValidationError } from '../errors.js';
import { createPaperInput, listPapersQuery, maxExamYear } from '../paper/schema.js';
import { createQuestionInput } from '../question/schema.js';
import { createUniversityInput, updateUniversityInput } from '../university/schema.js';
import { listUsersQuery } from '../user/schema.js';

const ID = '507f1f77bcf86cd799439011';

function refusal(run: () => unknown): ValidationError {
  try {
    run();
  } catch (error) {
    if (error instanceof ValidationError) return error;
    throw error;
  }
  throw new Error('expected a ValidationError');
}

const question = { paperId: ID, text: 'What is 2 + 2?', type: 'short', difficulty: 'easy' };

describe('validation messages', () => {
  it.each([
    [
      'a required field is missing',
      () => parseInput(createUniversityInput, { name: 'Only a name' }),
      { path: 'shortName', message: 'shortName is required' },
    ],
    [
      'a required field with a stated type message is missing',
      () => parseInput(createPaperInput, { subjectOfferingId: ID, examType: 'quiz' }),
      { path: 'examYear', message: 'examYear is required' },
    ],
    [
      'an enum value is unknown',
      () => parseInput(createQuestionInput, { ...question, type: 'essay' }),
      { path: 'type', message: 'type must be one of mcq, short, long, numerical, coding' },
    ],
    [
      'the type of a question is missing',
      () => parseInput(createQuestionInput, { ...question, type: undefined }),
      { path: 'type', message: 'type is required' },
    ],
    [
      'a small enum value is unknown',
      () => parseInput(createQuestionInput, { ...question, difficulty: 'extreme' }),
      { path: 'difficulty', message: 'difficulty must be easy, medium or hard' },
    ],
    [
      // A transport's tri-state (REST's isActive of universities) is parsed with this error map.
      'a tri-state is neither boolean nor its word',
      () =>
        parseInput(z.object({ shown: z.union([z.boolean(), z.literal('both')]) }), {
          shown: 'maybe',
        }),
      { path: 'shown', message: 'shown must be true, false or both' },
    ],
    [
      'a boolean filter gets text',
      () => parseInput(listUsersQuery, { isActive: 'yes' }),
      { path: 'isActive', message: 'isActive must be true or false, not text' },
    ],
    [
      'a text field gets a number',
      () => parseInput(createUniversityInput, { name: 42, shortName: 'S' }),
      { path: 'name', message: 'name must be text, not a number' },
    ],
    [
      'a field is unknown',
      () => parseInput(createUniversityInput, { name: 'N', shortName: 'S', motto: 'x' }),
      { path: 'motto', message: 'motto is not allowed (allowed: name, shortName, slug)' },
    ],
    [
      'a text field is blank',
      () => parseInput(createUniversityInput, { name: '   ', shortName: 'S' }),
      { path: 'name', message: 'name must not be empty' },
    ],
    [
      'a text field is too long',
      () => parseInput(createUniversityInput, { name: 'N', shortName: 'S'.repeat(51) }),
      { path: 'shortName', message: 'shortName must be at most 50 characters' },
    ],
    [
      'an id is malformed',
      () =>
        parseInput(createPaperInput, { subjectOfferingId: 'x', examYear: 2020, examType: 'quiz' }),
      {
        path: 'subjectOfferingId',
        message: 'subjectOfferingId must be a 24-character hexadecimal id',
      },
    ],
    [
      'a path parameter is malformed',
      () => parseInput(objectId, 'nope', 'id'),
      { path: 'id', message: 'id must be a 24-character hexadecimal id' },
    ],
    [
      'a slug is not kebab-case',
      () => parseInput(createUniversityInput, { name: 'N', shortName: 'S', slug: 'Not A Slug' }),
      { path: 'slug', message: expect.stringMatching(/^slug must be lowercase kebab-case/) },
    ],
    [
      'an exam year is out of range',
      () =>
        parseInput(createPaperInput, { subjectOfferingId: ID, examYear: 1899, examType: 'quiz' }),
      { path: 'examYear', message: `examYear must be between 1900 and ${maxExamYear()}` },
    ],
    [
      'an exam year is fractional',
      () => parseInput(listPapersQuery, { examYear: 2020.5 }),
      { path: 'examYear', message: 'examYear must be a whole number' },
    ],
    [
      'a page is zero',
      () => parseInput(listPapersQuery, { page: 0 }),
      { path: 'page', message: 'page must be at least 1' },
    ],
    [
      'an mcq question has no options',
      () => parseInput(createQuestionInput, { ...question, type: 'mcq' }),
      { path: 'options', message: 'options (2 to 10) are required for an mcq question' },
    ],
    [
      'a short question has options',
      () => parseInput(createQuestionInput, { ...question, options: ['a', 'b'] }),
      { path: 'options', message: 'options are only allowed for mcq questions, not short' },
    ],
    [
      'an update names no field',
      () => parseInput(updateUniversityInput, {}),
      { path: '', message: 'give at least one of name, shortName, slug, isActive' },
    ],
  ])('when %s, then the detail names the field in plain words', (_case, run, detail) => {
    const error = refusal(run);
    expect(error.details).toEqual([detail]);
    expect(error.message).toBe(error.details![0]!.message);
  });

  it('when several fields are wrong, then the message lists every detail', () => {
    const error = refusal(() => parseInput(createUniversityInput, { name: '', motto: 1 }));
    expect(error.details!.map((d) => d.path)).toEqual(['name', 'shortName', 'motto']);
    expect(error.message).toBe(error.details!.map((d) => d.message).join('; '));
  });

  it('when a message reads like a library internal, then it is not used', () => {
    const error = refusal(() =>
      parseInput(createQuestionInput, { paperId: 3, text: [], type: 'mcq', options: 'a' }),
    );
    for (const detail of error.details!) {
      expect(detail.message).not.toMatch(/Invalid input|expected .*, received|Too (big|small)/);
      expect(detail.message.startsWith(detail.path)).toBe(true);
    }
  });
});

describe('input made well-formed before parsing', () => {
  it('when a name holds lone surrogates, then each becomes U+FFFD (what the database stores) and pairs stay', () => {
    const parsed = parseInput(createUniversityInput, {
      name: 'a\ud800b\udfffc 😀',
      shortName: '\ud83d',
    });
    expect(parsed).toEqual({ name: 'a\ufffdb\ufffdc 😀', shortName: '\ufffd' });
  });
});

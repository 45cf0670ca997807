// Who may call a mutation is rendered from the domain's ACTIONS into its description, and the
// enums are the domain's lists: nothing here restates a role list or a set of values.
import { ACTIONS, whoMay } from '@qpc/domain';
import type { Action } from '@qpc/domain';
import {
  DIFFICULTIES,
  EXAM_TYPES,
  PAPER_STATUSES,
  QUESTION_TYPES,
  ROLES,
} from '@qpc/domain/schemas';
import { isEnumType } from 'graphql';
import { describe, expect, it } from 'vitest';
import { enumName, enumResolvers } from '../src/schema/common.js';
import { buildSchema } from '../src/schema/index.js';

const schema = buildSchema({ version: 'test', startedAt: Date.now() });
const RENDERED = new Set((Object.keys(ACTIONS) as Action[]).map((a) => `(${whoMay(a)})`));

describe('descriptions and enums from the domain', () => {
  it('when a mutation is described, then it says who may call it in the words ACTIONS renders', () => {
    const unsaid = Object.values(schema.getMutationType()!.getFields())
      .filter((field) => ![...RENDERED].some((who) => field.description?.includes(who)))
      .map((field) => field.name);
    expect(unsaid).toEqual([]);
  });

  it.each([
    ['Role', ROLES],
    ['PaperStatus', PAPER_STATUSES],
    ['ExamType', EXAM_TYPES],
    ['QuestionType', QUESTION_TYPES],
    ['Difficulty', DIFFICULTIES],
  ] as const)(
    'when the %s enum is read, then its values are the domain list in upper case, each resolving to the domain value',
    (name, values) => {
      const type = schema.getType(name);
      expect(isEnumType(type)).toBe(true);
      if (!isEnumType(type)) return;
      expect(type.getValues().map((v) => v.name)).toEqual(values.map(enumName));
      expect(type.getValues().map((v) => v.value)).toEqual([...values]);
      expect(Object.values((enumResolvers as Record<string, object>)[name]!)).toEqual([...values]);
    },
  );

  it('when ActiveFilter is read, then its values resolve to the typed isActive of the domain', () => {
    const type = schema.getType('ActiveFilter');
    if (!isEnumType(type)) throw new Error('ActiveFilter is not an enum');
    expect(Object.fromEntries(type.getValues().map((v) => [v.name, v.value]))).toEqual({
      TRUE: true,
      FALSE: false,
      ALL: 'all',
    });
  });
});

// SCALAR_RULES is what tools generate values from (the client's codegen, the Schemathesis run's
// strategies): each rule must say exactly what its scalar takes, at its edges and just past them.
import { Kind } from 'graphql';
import type { GraphQLScalarType, ValueNode } from 'graphql';
import { describe, expect, it } from 'vitest';
import { buildSchema } from '../src/schema/index.js';
import { SCALAR_RULES, ScalarInputError } from '../src/schema/scalars.js';

const schema = buildSchema({ version: 'test', startedAt: Date.now() });

function scalar(name: string): GraphQLScalarType {
  return schema.getType(name) as GraphQLScalarType;
}

/** What the scalar makes of a variable's value: 'taken' or the refusal's message. */
function variable(name: string, value: unknown): string {
  try {
    scalar(name).parseValue(value);
    return 'taken';
  } catch (error) {
    expect(error).toBeInstanceOf(ScalarInputError);
    return (error as Error).message;
  }
}

/** The same for a literal written in the document. */
function literal(name: string, node: ValueNode): string {
  try {
    scalar(name).parseLiteral(node, undefined);
    return 'taken';
  } catch (error) {
    expect(error).toBeInstanceOf(ScalarInputError);
    return (error as Error).message;
  }
}

const entries = Object.entries(SCALAR_RULES);

describe('SCALAR_RULES against the scalars', () => {
  it('when the schema is built, then every rule names a scalar of it and every custom scalar has a rule', () => {
    const custom = Object.values(schema.getTypeMap())
      .filter((type) => type.constructor.name === 'GraphQLScalarType')
      .map((type) => type.name)
      .filter((name) => !['String', 'Int', 'Float', 'Boolean', 'ID'].includes(name));
    expect(custom.sort()).toEqual(Object.keys(SCALAR_RULES).sort());
  });

  it.each(entries.filter(([, rule]) => rule.kind === 'int' || rule.kind === 'float'))(
    'when %s gets its bounds and one past them, then it takes the bounds only',
    (name, rule) => {
      if (rule.kind !== 'int' && rule.kind !== 'float') throw new Error('a number rule');
      expect(variable(name, rule.min)).toBe('taken');
      expect(variable(name, rule.max)).toBe('taken');
      expect(variable(name, rule.min - 1)).toMatch(new RegExp(`^${name}`));
      expect(variable(name, rule.max + 1)).toMatch(new RegExp(`^${name}`));
      expect(literal(name, { kind: Kind.INT, value: String(rule.max + 1) })).toMatch(/not/);
      expect(variable(name, '1')).not.toBe('taken');
      const half = rule.min + 0.5;
      expect(variable(name, half) === 'taken').toBe(rule.kind === 'float');
    },
  );

  it('when ObjectID gets 24 hexadecimal characters or fewer, then it takes the first only', () => {
    expect(variable('ObjectID', 'a'.repeat(24))).toBe('taken');
    expect(variable('ObjectID', 'a'.repeat(23))).toMatch(/^ObjectID: /);
    expect(variable('ObjectID', 'g'.repeat(24))).toMatch(/^ObjectID: /);
  });

  it('when NonEmptyString gets text, blank text or nothing, then it takes the text only', () => {
    expect(variable('NonEmptyString', ' x ')).toBe('taken');
    expect(variable('NonEmptyString', ' \t ')).toMatch(/^NonEmptyString: /);
    expect(variable('NonEmptyString', '')).toMatch(/^NonEmptyString: /);
  });

  it('when Slug gets kebab-case up to its length and past it, then it takes the first only', () => {
    const rule = SCALAR_RULES.Slug!;
    if (rule.kind !== 'pattern') throw new Error('Slug is a pattern');
    const pattern = new RegExp(rule.pattern);
    for (const slug of ['a', 'a-1', 'x'.repeat(rule.maxLength)]) {
      expect(pattern.test(slug)).toBe(true);
      expect(variable('Slug', slug)).toBe('taken');
    }
    for (const slug of ['', 'A', 'a--b', '-a', 'a b', 'x'.repeat(rule.maxLength + 1)])
      expect(variable('Slug', slug), slug).toMatch(/^Slug: /);
  });

  it.each(entries.filter(([, rule]) => rule.kind === 'sort'))(
    'when %s gets each field both ways, all of them, and an unknown one, then it refuses the unknown',
    (name, rule) => {
      if (rule.kind !== 'sort') throw new Error('a sort rule');
      for (const field of rule.fields) {
        expect(variable(name, field)).toBe('taken');
        expect(variable(name, `-${field}`)).toBe('taken');
      }
      expect(variable(name, rule.fields.join(','))).toBe('taken');
      expect(variable(name, `${rule.fields[0]},colour`)).toMatch(new RegExp(`^${name}: sort`));
    },
  );

  it('when SearchText gets words, stop words only or too much, then it refuses only too much (stop words get a hint from search)', () => {
    const rule = SCALAR_RULES.SearchText!;
    if (rule.kind !== 'search') throw new Error('SearchText is a search rule');
    expect(variable('SearchText', 'binary trees')).toBe('taken');
    expect(variable('SearchText', rule.stopWords.slice(0, 3).join(' '))).toBe('taken');
    expect(variable('SearchText', 'a'.repeat(rule.maxLength + 1))).toMatch(/at most/);
  });
});

// The graph's object and input types come from the domain's zod schemas: a field added there is a
// field of the graph, typed and described, with nothing else to write.
import { paperSchema, recordId } from '@qpc/domain/schemas';
import { isInputObjectType, isObjectType } from 'graphql';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildSchema, graphTypes } from '../src/schema/index.js';
import { ZodGraph } from '../src/schema/zod-types.js';

const ENUMS = { Colour: { RED: 'red', DEEP_BLUE: 'deep-blue' } };

const part = z.object({ at: z.string().describe('When') }).describe('A part');

function generated(schema: z.ZodType, kind: 'type' | 'input' = 'type'): string {
  return new ZodGraph(
    [
      { name: 'Thing', kind, schema },
      { name: 'Part', kind, schema: part },
    ],
    ENUMS,
  ).sdl([{ name: 'Thing', kind, schema }]);
}

const gatewaySchema = buildSchema({ version: 'test', startedAt: 0 });

describe('types generated from zod', () => {
  it('when a zod object has fields of each kind, then each is typed, described and nullable as zod says', () => {
    const thing = z
      .object({
        id: recordId,
        minutes: z.number().int().nullable().describe('Length in minutes'),
        ratio: z.number().optional(),
        colour: z.enum(['deep-blue', 'red']).describe('Its colour'),
        parts: z.array(part.describe('One part')).describe('Its parts'),
        isOn: z.boolean().describe('Whether it is on.'),
      })
      .describe('A thing');
    expect(generated(thing)).toBe(
      [
        '"A thing."',
        'type Thing {',
        '  "Resource id."',
        '  id: ObjectID!',
        '  "Length in minutes."',
        '  minutes: Int',
        '  ratio: Float',
        '  "Its colour."',
        '  colour: Colour!',
        '  "Its parts."',
        '  parts: [Part!]!',
        '  "Whether it is on."',
        '  isOn: Boolean!',
        '}',
      ].join('\n'),
    );
  });

  it('when a description names an action a caller may hold, then who holds it follows', () => {
    const thing = z.object({ n: z.number().describe('Shown to callers who may catalog:delete') });
    expect(generated(thing)).toContain('"Shown to callers who may catalog:delete (admin)."');
  });

  it('when a field has no GraphQL type, then generation fails naming the field', () => {
    const thing = z.object({ when: z.date() });
    expect(() => generated(thing)).toThrow(/Thing\.when: zod type date/);
  });

  it('when an enum matches no GraphQL enum, then generation fails naming the field', () => {
    const thing = z.object({ size: z.enum(['small', 'large']) });
    expect(() => generated(thing, 'input')).toThrow(/Thing\.size: no GraphQL enum/);
  });

  it("when the gateway's schema is built, then Paper has every field of the domain's paper DTO", () => {
    const schema = buildSchema({ version: 'test', startedAt: 0 });
    const paper = schema.getType('Paper');
    if (!isObjectType(paper)) throw new Error('Paper is not an object type');
    expect(Object.keys(paper.getFields())).toEqual(
      expect.arrayContaining(Object.keys(paperSchema.shape)),
    );
    expect(paper.getFields().examYear?.description).toBe('Year the exam was held.');
  });

  it.each(graphTypes.map((type) => [type.name, type] as const))(
    "when the gateway's schema is built, then %s has each field of its zod schema, each described (else add a .describe())",
    (name, { schema, omit = [] }) => {
      const type = gatewaySchema.getType(name);
      if (!isObjectType(type) && !isInputObjectType(type)) throw new Error(`${name}: no such type`);
      const { shape } = schema as unknown as { shape: Record<string, z.ZodType> };
      const fields = Object.keys(shape).filter((field) => !omit.includes(field));
      expect(fields.length).toBeGreaterThan(0);
      const undescribed = fields.filter((field) => !type.getFields()[field]?.description);
      expect(undescribed).toEqual([]);
      expect(type.description, `${name} has no description`).toBeTruthy();
    },
  );
});

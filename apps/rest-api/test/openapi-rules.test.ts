// Defect 14: every rule a request can break that the domain enforces is in the OpenAPI document
// (ranges, lengths, patterns, mcq options), and who may call an operation is rendered from the
// domain's ACTIONS rather than restated.
import { rolesFor } from '@qpc/domain';
import { QUESTION_TYPES } from '@qpc/domain/schemas';
import { describe, expect, it } from 'vitest';
import { buildOpenApiDocument, pathShape } from '../src/openapi/document.js';
import { routeTable } from '../src/routes/table.js';

type Schema = Record<string, any>;
const document = buildOpenApiDocument(routeTable, { version: 'test' }) as unknown as {
  paths: Record<string, Record<string, Schema>>;
  components: { schemas: Record<string, Schema> };
};

function operation(method: string, expressPath: string): Schema {
  const path = Object.keys(document.paths).find(
    (p) => pathShape(p) === pathShape(`/api/v1${expressPath}`),
  )!;
  return document.paths[path]![method]!;
}

const body = (method: string, path: string): Schema =>
  operation(method, path).requestBody.content['application/json'].schema;

/** Every schema a client sends: request bodies, path and query parameters (headers aside). */
function requestSchemas(): [string, Schema][] {
  const out: [string, Schema][] = [];
  for (const [path, ops] of Object.entries(document.paths)) {
    for (const [method, op] of Object.entries(ops)) {
      for (const p of op.parameters ?? []) {
        if (p.in !== 'header') out.push([`${method} ${path} ${p.in} ${p.name}`, p.schema]);
      }
      const json = op.requestBody?.content?.['application/json']?.schema;
      if (json) out.push([`${method} ${path} body`, json]);
    }
  }
  return out;
}

/** Each leaf schema under `schema`, with where it sits. */
function leaves(where: string, schema: Schema): [string, Schema][] {
  if (schema.$ref) return leaves(where, document.components.schemas[schema.$ref.split('/').pop()]!);
  // An object's `oneOf` beside its properties only narrows them (the mcq options forms).
  if (schema.properties) {
    return Object.entries(schema.properties as Record<string, Schema>).flatMap(([k, v]) =>
      leaves(`${where}.${k}`, v),
    );
  }
  const nested = [...(schema.oneOf ?? []), ...(schema.anyOf ?? [])];
  if (nested.length) return nested.flatMap((s: Schema, i: number) => leaves(`${where}|${i}`, s));
  if (schema.items) return [[where, schema], ...leaves(`${where}[]`, schema.items)];
  return [[where, schema]];
}

const types = (schema: Schema): string[] => [schema.type].flat().filter(Boolean);

describe('OpenAPI document: the rules a request can break', () => {
  it('when a paper is created or updated, then examYear is an integer from 1900 to next year', () => {
    const nextYear = new Date().getFullYear() + 1;
    for (const [method, path] of [
      ['post', '/papers'],
      ['patch', '/papers/:id'],
    ] as const) {
      expect(body(method, path).properties.examYear).toMatchObject({
        type: 'integer',
        minimum: 1900,
        maximum: nextYear,
      });
    }
  });

  it('when a question is created, then the body states one form for mcq (options required) and one for the other types (no options)', () => {
    const question = body('post', '/questions');
    expect(question.additionalProperties).toBe(false);
    expect(question.properties.options).toMatchObject({ minItems: 2, maxItems: 10 });
    const forms = question.oneOf as Schema[];
    expect(forms).toHaveLength(2);
    const mcq = forms.find((f) => f.properties.type.const === 'mcq')!;
    const open = forms.find((f) => f !== mcq)!;
    expect(mcq.required).toEqual(expect.arrayContaining(['type', 'options']));
    expect(mcq.properties.options.type).toBe('array');
    expect(open.properties.type.enum).toEqual(QUESTION_TYPES.filter((t) => t !== 'mcq'));
    expect(open.required).not.toContain('options');
    expect(open.properties.options.type).toBe('null');
  });

  it('when any value a client sends is a string, number or list, then its bounds are stated', () => {
    const unbounded: string[] = [];
    for (const [where, schema] of requestSchemas()) {
      for (const [at, leaf] of leaves(where, schema)) {
        const t = types(leaf);
        if (leaf.enum || leaf.const !== undefined) continue;
        const anchored = typeof leaf.pattern === 'string' && /^\^.*\$$/.test(leaf.pattern);
        if (t.includes('string') && leaf.maxLength === undefined && !anchored)
          unbounded.push(`${at}: string without maxLength`);
        if (
          (t.includes('integer') || t.includes('number')) &&
          (leaf.minimum === undefined || leaf.maximum === undefined)
        )
          unbounded.push(`${at}: number without minimum and maximum`);
        if (t.includes('array') && leaf.maxItems === undefined)
          unbounded.push(`${at}: list without maxItems`);
      }
    }
    expect(unbounded).toEqual([]);
  });

  it('when a text field must not be blank, then its pattern refuses whitespace only and accepts text with spaces around', () => {
    const name = body('post', '/universities').properties.name;
    expect(name).toMatchObject({ minLength: 1, maxLength: 200 });
    const pattern = new RegExp(name.pattern);
    expect(pattern.test(' \t\u00a0\ufeff ')).toBe(false);
    expect(pattern.test('  Osmania  ')).toBe(true);
  });

  it('when ids and slugs are sent, then their patterns are stated', () => {
    const create = body('post', '/branches').properties;
    expect(new RegExp(create.universityId.pattern).test('0123456789abcdefABCDEF01')).toBe(true);
    expect(new RegExp(create.universityId.pattern).test('0123456789abcdef0123456')).toBe(false);
    const slug = new RegExp(body('post', '/subjects').properties.slug.pattern);
    expect(slug.test('data-structures-2')).toBe(true);
    expect(slug.test('Data Structures')).toBe(false);
  });

  it('when a list takes page, limit and a boolean or tri-state filter, then the document says integer bounds and the values', () => {
    const params = Object.fromEntries(
      (operation('get', '/universities').parameters as Schema[]).map((p) => [p.name, p.schema]),
    );
    expect(params.page).toMatchObject({ type: 'integer', minimum: 1, default: 1 });
    expect(params.limit).toMatchObject({ type: 'integer', minimum: 1, maximum: 100, default: 20 });
    expect(params.isActive.anyOf).toEqual(
      expect.arrayContaining([{ type: 'boolean' }, expect.objectContaining({ enum: ['all'] })]),
    );
    const questions = Object.fromEntries(
      (operation('get', '/questions').parameters as Schema[]).map((p) => [p.name, p.schema]),
    );
    expect(questions.isVerified.type).toBe('boolean');
  });
});

describe('OpenAPI document: access rendered from the domain', () => {
  it("when an operation needs a role, then its description names the domain action and exactly the action's roles", () => {
    for (const route of routeTable) {
      const description: string = operation(route.method, route.path).description;
      if (route.action === null) {
        expect(description, route.operationId).toMatch(/\*\*Access:\*\* Public/);
        continue;
      }
      expect(description, route.operationId).toContain(`action \`${route.action}\``);
      const roles = rolesFor(route.action);
      if (roles.length < 3) {
        for (const role of ['admin', 'editor', 'normal'])
          expect(description.includes(`\`${role}\``), `${route.operationId} ${role}`).toBe(
            roles.includes(role as never),
          );
      } else {
        expect(description, route.operationId).toContain('any active user');
      }
    }
  });
});

describe('OpenAPI document: Idempotency-Key', () => {
  it('when a route creates, then it documents the header, the replay header, 409 with Retry-After and 422', () => {
    const creates = routeTable.filter((route) => route.response.kind === 'created');
    expect(creates.length).toBeGreaterThan(5);
    for (const route of creates) {
      const op = operation(route.method, route.path);
      const header = (op.parameters as Schema[]).find(
        (p) => p.in === 'header' && p.name === 'Idempotency-Key',
      );
      expect(header, route.operationId).toMatchObject({
        required: false,
        schema: { type: 'string', maxLength: 255 },
      });
      expect(header!.description).toMatch(/Idempotent-Replayed/);
      expect(op.responses['201'].headers['Idempotent-Replayed'], route.operationId).toBeDefined();
      expect(op.responses['409'].headers['Retry-After'], route.operationId).toBeDefined();
      expect(op.responses['422'].description).toMatch(/IDEMPOTENCY_KEY_REUSED/);
      expect(op.responses['400'].description, route.operationId).toMatch(
        /`Idempotency-Key` that is malformed, or sent without a token.*400, not 401/,
      );
    }
    const read = operation('get', '/universities/:slug');
    expect(read.responses['422']).toBeUndefined();
  });
});

describe('OpenAPI document: refusals a schema cannot state', () => {
  it('when a body names other resources, then its 400 says they must exist, with an example', () => {
    const op = operation('post', '/questions');
    const refusal = op.responses['400'];
    expect(refusal.description).toMatch(/`paperId`.*must name an existing resource/);
    const example = refusal.content['application/json'].example;
    expect(example.error).toMatchObject({
      code: 'VALIDATION_ERROR',
      details: [{ path: 'paperId', message: 'paper not found' }],
    });
  });

  it('when search is documented, then q states its length, its NUL pattern and the word rules', () => {
    const q = (operation('get', '/search').parameters as Schema[]).find((p) => p.name === 'q')!;
    expect(q.schema).toMatchObject({ minLength: 1, maxLength: 100, pattern: '^[^\\u0000]*$' });
    expect(q.schema.description).toMatch(/stop words .* words under 2 characters are left out/);
  });

  it('when a paper file is uploaded, then 415 is documented', () => {
    expect(operation('put', '/papers/:id/file').responses['415']).toBeDefined();
  });
});

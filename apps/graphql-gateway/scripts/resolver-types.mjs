// Generates src/generated/resolvers.ts before the gateway is compiled (`build` and `typecheck`
// run it): the resolvers' argument, parent and result types, from the committed SDL
// (packages/client/schema.graphql, which test/sdl.test.ts keeps equal to what the code prints),
// by GraphQL Code Generator's `typescript-resolvers`. Not committed: like the client's types, it
// is made again from the SDL at every build.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { generate } from '@graphql-codegen/cli';
import * as domainSchemas from '@qpc/domain/schemas';
import { buildSchema, isEnumType, isScalarType, isSpecifiedScalarType } from 'graphql';

const here = (path) => new URL(`../${path}`, import.meta.url);
const sdlPath = here('../../packages/client/schema.graphql').pathname;
const schema = buildSchema(readFileSync(sdlPath, 'utf8'));

/** GraphQL enum name of a domain value, as `common.ts`'s `enumName` spells it. */
const enumName = (value) => value.toUpperCase().replace(/-/g, '_');

/**
 * The domain value of each enum value: the enum resolvers hand resolvers the domain's values
 * (`end-term`, not `END_TERM`), so the types must say those. An enum is matched with the domain's
 * list (`EXAM_TYPES`, ...) holding the same values.
 */
function enumValues() {
  const lists = Object.values(domainSchemas).filter(
    (value) => Array.isArray(value) && value.every((item) => typeof item === 'string'),
  );
  const enums = Object.values(schema.getTypeMap()).filter(isEnumType);
  return Object.fromEntries(
    enums.flatMap((type) => {
      const names = type.getValues().map((value) => value.name);
      const list = lists.find(
        (values) =>
          values.length === names.length && values.every((v) => names.includes(enumName(v))),
      );
      return list ? [[type.name, Object.fromEntries(list.map((v) => [enumName(v), v]))]] : [];
    }),
  );
}

/** Bounded numbers say so in their description ("... (an integer from 1 to 100)"). */
function scalarTypes() {
  const scalars = Object.values(schema.getTypeMap()).filter(
    (type) => isScalarType(type) && !isSpecifiedScalarType(type),
  );
  return Object.fromEntries(
    scalars.map((scalar) => {
      if (scalar.name.endsWith('Sort'))
        return [scalar.name, { input: '@qpc/domain/schemas#SortKeys', output: 'string' }];
      const isNumber = /\((an integer|a number) from /.test(scalar.description ?? '');
      return [scalar.name, isNumber ? 'number' : 'string'];
    }),
  );
}

/** Object types whose resolvers receive the domain's DTO of the same name. */
const DOMAIN_TYPES = [
  'University',
  'Branch',
  'Semester',
  'Subject',
  'SubjectOffering',
  'Syllabus',
  'Module',
  'Topic',
  'Question',
  'Solution',
  'User',
  'Draft',
  'PaperDrafts',
  'SearchHit',
  'SimilarQuestion',
  'Sitting',
  'PaperStatusChange',
  'PaperFile',
];

mkdirSync(here('src/generated'), { recursive: true });
const target = here('src/generated/resolvers.ts');
await generate(
  {
    schema: sdlPath,
    emitLegacyCommonJSImports: false,
    silent: true,
    errorsOnly: true,
    generates: {
      [target.pathname]: {
        plugins: ['typescript', 'typescript-resolvers'],
        config: {
          useTypeImports: true,
          enumsAsTypes: true,
          // `isActive` of the university list resolves to the transports' spelling, true, false or all.
          enumValues: { ...enumValues(), ActiveFilter: '@qpc/server-kit/list-text#ActiveText' },
          strictScalars: true,
          scalars: { ID: 'string', ...scalarTypes() },
          contextType: '../context.js#GatewayContext',
          // A paper from a list carries its counts; one read through a loader is a record.
          mappers: {
            ...Object.fromEntries(DOMAIN_TYPES.map((name) => [name, `@qpc/domain#${name}`])),
            Paper: '../schema/papers.js#PaperParent',
          },
          // Resolvers return the domain's values as they are; the SDL's own types check those
          // objects the domain does not name.
          mapperTypeSuffix: 'Model',
          // Loaders answer shared, read-only lists.
          immutableTypes: true,
        },
      },
    },
  },
  true,
);

// The enum mapped to a type is re-exported as a value, which verbatimModuleSyntax refuses.
writeFileSync(
  target,
  readFileSync(target, 'utf8').replace('export { ActiveFilter };', 'export type { ActiveFilter };'),
);

// Row factories for `roleMatrix`: the writes whose cases differ only in field, model, record and
// values. Each builds the query and the database check a hand-written case would.
import { ADMINS, WRITERS } from './matrix.js';
import type { WriteCase } from './matrix.js';
import type { CallerKind as CallerRole } from '@qpc/domain/testing';

/** What the checks read through: a mongoose model. */
export interface StoredModel {
  exists(filter: Record<string, unknown>): PromiseLike<unknown>;
  findById(id: string): { lean(): PromiseLike<Record<string, unknown> | null> };
}

/** Makes the record a case works on, fresh for each test. */
type Make<T> = () => Promise<T>;

/**
 * A write on the record `make` creates: `query` takes the record's id as `$id`, and `tookEffect`
 * reads the record back.
 */
export function recordCase<T extends { id: string }>(
  field: string,
  allowed: readonly CallerRole[],
  make: Make<T>,
  query: string,
  tookEffect: (record: T) => Promise<boolean>,
): WriteCase {
  return {
    field,
    allowed,
    arrange: async () => {
      const record = await make();
      return { query, variables: { id: record.id }, tookEffect: () => tookEffect(record) };
    },
  };
}

/**
 * `field(input: $input)` with the input `makeInput` returns, selecting `selection`; it took effect
 * once `isStored(input)` finds the record.
 */
export function createCase<I>(
  field: string,
  selection: string,
  makeInput: Make<I>,
  isStored: (input: I) => Promise<boolean>,
  allowed: readonly CallerRole[] = WRITERS,
): WriteCase {
  const inputType = `${field[0]!.toUpperCase()}${field.slice(1)}Input`;
  return {
    field,
    allowed,
    arrange: async () => {
      const input = await makeInput();
      return {
        query: `mutation ($input: ${inputType}!) { ${field}(input: $input) { ${selection} } }`,
        variables: { input },
        tookEffect: () => isStored(input),
      };
    },
  };
}

/** Whether a record of `model` holds the input's values at `keys`. */
export function storedIn<K extends string>(model: StoredModel, ...keys: K[]) {
  return async (input: Record<K, unknown>): Promise<boolean> =>
    Boolean(await model.exists(Object.fromEntries(keys.map((key) => [key, input[key]]))));
}

type Scalar = string | number | boolean;

/** `{ a: "x", b: 2 }`: scalar values written as a GraphQL input literal. */
function inputLiteral(values: Record<string, Scalar>): string {
  const fields = Object.entries(values).map(([key, value]) => `${key}: ${JSON.stringify(value)}`);
  return `{ ${fields.join(', ')} }`;
}

/**
 * `field(id: $id, input: ...)`, by an editor or admin, on the record `make` creates; it took
 * effect once the stored record holds every value of `stored`, which the query also selects.
 * `input` defaults to `stored` written as a literal (pass it where an enum is spelled otherwise).
 */
export function updateCase(
  field: string,
  model: StoredModel,
  make: Make<{ id: string }>,
  stored: Record<string, Scalar>,
  input = inputLiteral(stored),
): WriteCase {
  const selection = ['id', ...Object.keys(stored)].join(' ');
  return recordCase(
    field,
    WRITERS,
    make,
    `mutation ($id: ObjectID!) { ${field}(id: $id, input: ${input}) { ${selection} } }`,
    async (record) => {
      const saved = await model.findById(record.id).lean();
      return Object.entries(stored).every(([key, value]) => saved?.[key] === value);
    },
  );
}

/** `field(id: $id)`, by an admin, on the record `make` creates; it took effect once it is gone. */
export function deleteCase(
  field: string,
  model: StoredModel,
  make: Make<{ id: string }>,
): WriteCase {
  return recordCase(
    field,
    ADMINS,
    make,
    `mutation ($id: ObjectID!) { ${field}(id: $id) }`,
    async (record) => !(await model.exists({ _id: record.id })),
  );
}

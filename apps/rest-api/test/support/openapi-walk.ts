// The walk over every operation of the OpenAPI document the app serves: a test that takes its
// routes from the document covers a new route without being edited.
import type { Call } from './api.js';

/** An id in the shape of an ObjectId that no record has. */
export const AN_ID = '0123456789abcdef01234567';

/** What stands in for a path parameter other than an id. */
const PLACEHOLDERS: Record<string, string> = {
  slug: 'some-slug',
  externalId: 'user_someone',
};

export interface DocumentedOperation<T> {
  /** The documented path, `{parameters}` included. */
  path: string;
  /** The path with a placeholder for each parameter: `AN_ID`, a slug or a user's id. */
  concretePath: string;
  /** Lower case, as the document keys it. */
  method: string;
  operation: T;
}

/** Every operation of the served document, in its order, with a path that can be called. */
export async function documentedOperations<T>(call: Call): Promise<DocumentedOperation<T>[]> {
  const document = (await call('GET', '/api/v1/openapi.json')).body as {
    paths: Record<string, Record<string, T>>;
  };
  return Object.entries(document.paths).flatMap(([path, operations]) => {
    const concretePath = path.replace(
      /\{(\w+)\}/g,
      (_, name: string) => PLACEHOLDERS[name] ?? AN_ID,
    );
    return Object.entries(operations).map(([method, operation]) => ({
      path,
      concretePath,
      method,
      operation,
    }));
  });
}

// The schema as SDL text, as committed beside the REST API's OpenAPI document
// (packages/client/schema.graphql), from which the client generates its typed documents.
import { printSchema } from 'graphql';
import { buildSchema } from './index.js';

/** The printed schema with a final newline: what `sdl:write` commits and the drift test reads. */
export function schemaSdl(): string {
  return `${printSchema(buildSchema({ version: 'schema', startedAt: 0 }))}\n`;
}

// The OpenAPI document as committed for the client (packages/client/openapi.json), from which the
// client generates its REST types. `openapi:write` writes it; test/openapi-committed.test.ts fails
// while the committed file differs from what the routes describe.
import { routeTable } from '../routes/table.js';
import { VERSION } from '../version.js';
import { buildOpenApiDocument } from './document.js';

/** The document with the app's version, as JSON text with a two-space indent and a final newline. */
export function openApiDocumentText(): string {
  return `${JSON.stringify(buildOpenApiDocument(routeTable, { version: VERSION }), null, 2)}\n`;
}

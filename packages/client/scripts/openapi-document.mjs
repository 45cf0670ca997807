// The REST app's OpenAPI document, built from its route table by its own document builder (no
// server started), with the app's version. Shared by write-openapi.mjs and the drift test.
import { buildOpenApiDocument } from '@qpc/rest-api/dist/openapi/document.js';
import { routeTable } from '@qpc/rest-api/dist/routes/table.js';
import { VERSION } from '@qpc/rest-api/dist/version.js';

/** The document as JSON text, formatted as it is committed (two-space indent, final newline). */
export function openApiDocumentText() {
  return `${JSON.stringify(buildOpenApiDocument(routeTable, { version: VERSION }), null, 2)}\n`;
}

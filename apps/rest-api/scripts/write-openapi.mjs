// Writes the REST API's OpenAPI document to packages/client/openapi.json (`pnpm --filter
// @qpc/rest-api openapi:write` after a route change; build the app first).
// test/openapi-committed.test.ts fails while the committed file differs from what the routes describe.
import { writeFileSync } from 'node:fs';
import { openApiDocumentText } from '../dist/openapi/committed.js';

const target = new URL('../../../packages/client/openapi.json', import.meta.url);
writeFileSync(target, openApiDocumentText());
console.log(`wrote ${target.pathname}`);

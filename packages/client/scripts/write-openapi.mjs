// Writes openapi.json from the REST app's built route table (`pnpm --filter @qpc/client openapi:write`
// after a route change; build @qpc/rest-api first). test/openapi-document.test.ts fails while the
// committed file differs from what the routes describe.
import { writeFileSync } from 'node:fs';
import { openApiDocumentText } from './openapi-document.mjs';

const target = new URL('../openapi.json', import.meta.url);
writeFileSync(target, openApiDocumentText());
console.log(`wrote ${target.pathname}`);

// Writes the gateway's SDL to packages/client/schema.graphql (`pnpm --filter @qpc/graphql-gateway
// sdl:write` after a schema change; build the gateway first). test/sdl.test.ts fails while the
// committed file differs from what the schema prints.
import { writeFileSync } from 'node:fs';
import { schemaSdl } from '../dist/schema/sdl.js';

const target = new URL('../../../packages/client/schema.graphql', import.meta.url);
writeFileSync(target, schemaSdl());
console.log(`wrote ${target.pathname}`);

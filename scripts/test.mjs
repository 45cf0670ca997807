// `npm test`: installs what is missing, builds, then runs every test of every package.
// Extra arguments go to turbo (e.g. `npm test -- --filter @qpc/domain`).
import { buildAll, ensureDependencies, ensureFerretDB, pnpm } from './lib.mjs';

ensureDependencies();
buildAll();
ensureFerretDB();
const status = pnpm(
  ['exec', 'turbo', 'run', 'test', '--concurrency=1', '--output-logs=full', ...process.argv.slice(2)],
  { allowFailure: true },
);
process.exit(status);

// `npm run bench`: installs what is missing, builds the packages and the embedded database binary
// side by side, then runs the benchmark (bench/run.mjs), which prints the report and writes
// docs/benchmarks.md and docs/benchmarks.json. Options (`npm run bench -- --scales 1`, `--sqlite`, ...): bench/run.mjs.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import {
  buildAllWithFerretDB,
  ensureDependencies,
  ensureOcrTools,
  ensureVarnish,
  root,
} from './lib.mjs';

// Nothing of a benchmark run should call home (turbo's telemetry included).
process.env.TURBO_TELEMETRY_DISABLED = '1';
process.env.DO_NOT_TRACK = '1';

ensureDependencies();
// The TypeScript build and FerretDB's Go build side by side, as scripts/start.mjs does.
await buildAllWithFerretDB();
// The OCR scenario reads scans with native Tesseract too (and with the tesseract.js fallback).
ensureOcrTools();
// The shared-cache scenario runs a real varnishd with the xkey vmod: without it, every scale of a
// fresh machine's run failed and the report held no figure.
ensureVarnish();

const result = spawnSync(
  process.execPath,
  [join(root, 'bench/run.mjs'), ...process.argv.slice(2)],
  {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, BENCH_COMMAND: process.env.BENCH_COMMAND ?? 'npm run bench' },
  },
);
process.exit(result.status ?? 1);

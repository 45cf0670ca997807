#!/usr/bin/env node
// `qpc-ferretdb build`: builds the embedded database binary once (used by npm start/test).
import { ensureFerretDB } from './binary.js';

const command = process.argv[2] ?? 'build';
if (command !== 'build') {
  process.stderr.write('usage: qpc-ferretdb build\n');
  process.exit(2);
}
try {
  const path = await ensureFerretDB({ binaryPath: process.env.FERRETDB_BIN || undefined });
  process.stdout.write(`FerretDB ready: ${path}\n`);
} catch (error) {
  process.stderr.write(`${(error as Error).message}\n`);
  process.exit(1);
}

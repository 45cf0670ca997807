#!/usr/bin/env node
// `qpc-ferretdb build`: builds the embedded database binary once and makes sure a PostgreSQL
// server is available for it (used by npm start/test before anything runs).
// `qpc-ferretdb setup-sql`: prints the PostgreSQL setup our FerretDB needs, as a psql script
// (the compose image's build writes it, its start runs it: packages/ferretdb/Dockerfile).
import { ensureFerretDB } from './binary.js';
import { ensurePostgresBinaries } from './postgres-binaries.js';
import { postgresSetupScript } from './setup-script.js';

const command = process.argv[2] ?? 'build';
if (command === 'setup-sql') {
  process.stdout.write(postgresSetupScript());
  process.exit(0);
}
if (command !== 'build') {
  process.stderr.write('usage: qpc-ferretdb build | qpc-ferretdb setup-sql\n');
  process.exit(2);
}
try {
  const path = await ensureFerretDB({ binaryPath: process.env.FERRETDB_BIN || undefined });
  process.stdout.write(`FerretDB ready: ${path}\n`);
  if (process.env.EMBEDDED_ENGINE !== 'sqlite') {
    const postgres = ensurePostgresBinaries();
    process.stdout.write(
      `PostgreSQL ${postgres.major} ready: ${postgres.binDir} (${postgres.source})\n`,
    );
  }
} catch (error) {
  process.stderr.write(`${(error as Error).message}\n`);
  process.exit(1);
}

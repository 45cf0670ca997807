#!/usr/bin/env node
// `qpc-ferretdb build [--with-go-tests]`: builds the embedded database binary once and makes sure
// a PostgreSQL server is available for it (used by npm start/test before anything runs); with
// --with-go-tests (npm test), also readies the patched source for the Go tests of our patches, so
// that they run without the network.
// `qpc-ferretdb setup-sql`: prints the PostgreSQL setup our FerretDB needs, as a psql script
// (the compose image's build writes it, its start runs it: packages/ferretdb/Dockerfile).
import { ensureFerretDB, ensurePatchedSource } from './binary.js';
import { ensurePostgresBinaries } from './postgres-binaries.js';
import { postgresSetupScript } from './setup-script.js';

const [command = 'build', ...options] = process.argv.slice(2);
if (command === 'setup-sql' && options.length === 0) {
  process.stdout.write(postgresSetupScript());
  process.exit(0);
}
const withGoTests = options.includes('--with-go-tests');
if (command !== 'build' || options.some((option) => option !== '--with-go-tests')) {
  process.stderr.write('usage: qpc-ferretdb build [--with-go-tests] | qpc-ferretdb setup-sql\n');
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
  if (withGoTests) {
    process.stdout.write(`Go tests of our patches ready in ${await ensurePatchedSource()}\n`);
  }
} catch (error) {
  process.stderr.write(`${(error as Error).message}\n`);
  process.exit(1);
}

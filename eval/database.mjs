// The evaluation's database: a throwaway embedded FerretDB (PostgreSQL backend) in a temp dir,
// the domain's mongoose connected to it and its indexes built. `close()` stops it all.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { root } from '../scripts/lib.mjs';

/** A built module of the workspace (npm run eval builds them first). */
export const importBuilt = (path) => import(pathToFileURL(join(root, path)).href);

/** Starts the engine and connects the domain; `domain` holds its services and test helpers. */
export async function openEvalDatabase(name) {
  const domain = {
    ...(await importBuilt('packages/domain/dist/index.js')),
    ...(await importBuilt('packages/domain/dist/testing.js')),
  };
  const ferretdb = await importBuilt('packages/ferretdb/dist/index.js');
  const tempDir = mkdtempSync(join(tmpdir(), `qpc-eval-${name}-`));
  const embedded = await ferretdb.startFerretDB({
    dataDir: join(tempDir, 'db'),
    binaryPath: process.env.FERRETDB_BIN,
    engine: 'postgresql',
  });
  await domain.connectDatabase({ uri: `${embedded.uri}qpc_eval_${name}` });
  await domain.prepareDatabase();
  return {
    domain,
    async close() {
      await domain.disconnectDatabase().catch(() => undefined);
      await embedded.stop();
      rmSync(tempDir, { recursive: true, force: true });
    },
  };
}

import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MongoClient } from 'mongodb';
import { describe, expect, it } from 'vitest';
import { findRunningFerretDB, startFerretDB } from './server.js';

describe('embedded FerretDB', () => {
  it('when started, then it answers on loopback and keeps data across a restart on the same directory', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'qpc-ferret-'));
    const first = await startFerretDB({ dataDir });
    expect(first.uri).toMatch(/^mongodb:\/\/127\.0\.0\.1:\d+\/$/);
    expect(await findRunningFerretDB(dataDir)).toBe(first.uri);
    const client = new MongoClient(`${first.uri}keep`);
    await client.connect();
    await client.db().collection('things').insertOne({ name: 'kept' });
    await client.close();
    await first.stop();
    expect(existsSync(join(dataDir, 'endpoint.json'))).toBe(false);
    expect(await findRunningFerretDB(dataDir)).toBeNull();

    const second = await startFerretDB({ dataDir });
    const again = new MongoClient(`${second.uri}keep`);
    await again.connect();
    expect(
      await again
        .db()
        .collection('things')
        .findOne({}, { projection: { _id: 0 } }),
    ).toEqual({ name: 'kept' });
    await again.close();
    await second.stop();
    expect(second.process.exitCode !== null || second.process.signalCode !== null).toBe(true);
  });

  it('when the binary path does not exist, then the error says so', async () => {
    await expect(
      startFerretDB({
        dataDir: mkdtempSync(join(tmpdir(), 'qpc-ferret-')),
        binaryPath: '/nonexistent/ferretdb',
      }),
    ).rejects.toThrow(/FERRETDB_BIN points at \/nonexistent\/ferretdb/);
  });
});

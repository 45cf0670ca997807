// A question's create is not journalled (decision 9): its entry is written after the question, and
// the periodic repair finds a question left without its entry by its creation time. Here the app
// really dies between the two: FerretDB and the REST app run as child processes, the app reaching
// the engine through a wire-aware proxy (support/wire-proxy.ts) that holds the entry's insert and
// kills the app, so the insert never reaches the engine.
import { mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { connectDatabase, disconnectDatabase, entryOf, repairHalfWrites } from '@qpc/domain';
import type { EntrySource } from '@qpc/domain';
import { mongoose } from '@qpc/domain/testing';
import { startFerretDB } from '@qpc/ferretdb';
import type { FerretDBServer } from '@qpc/ferretdb';
import { tokenFor } from '@qpc/server-kit/testing';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { makePaper } from './support/catalog.js';
import { ADMIN_SUB, baseEnv, startService } from './support/processes.js';
import type { ServiceProcess } from './support/processes.js';
import { restCall } from './support/rest-call.js';
import { bsonString, holding, startWireProxy } from './support/wire-proxy.js';
import type { WireProxy } from './support/wire-proxy.js';

const DATABASE = 'entry_crash';

describe('a question create killed between the question and its search entry', () => {
  const dataDir = mkdtempSync(join(inject('tempRoot'), 'entry-crash-db-'));
  let db: FerretDBServer;
  let proxy: WireProxy;
  let app: ServiceProcess;
  let token: string;
  const api = (method: string, path: string, body?: unknown) =>
    restCall(app, token, method, path, { body, timeoutMs: 15_000 });

  beforeAll(async () => {
    db = await startFerretDB({ dataDir });
    proxy = await startWireProxy(db.port);
    app = await startService(
      'rest-api',
      baseEnv({ MONGODB_URI: proxy.uri(DATABASE), DB_SERVER_SELECTION_TIMEOUT_MS: '1000' }),
    );
    token = await tokenFor(ADMIN_SUB);
  });

  afterAll(async () => {
    await disconnectDatabase().catch(() => undefined);
    await app?.stop().catch(() => undefined);
    await proxy?.close();
    await db?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('when the app is killed after the question is stored and before its entry is, then no journal row is left and the repair writes the entry', async () => {
    const paper = await makePaper(api, 'Crash');
    const text = 'Explain the wombat crash between a question and its entry.';
    const killed = proxy.trap(holding(bsonString('insert', 'searchentries')), {
      kind: 'hold',
      held: () => app.child.kill('SIGKILL'),
    });
    const create = api('POST', '/questions', {
      paperId: paper.id,
      text,
      type: 'long',
      difficulty: 'easy',
    }).catch((error: unknown) => error);
    await killed;
    expect(await create).toBeInstanceOf(Error);

    // What the next start sees: the question, without its entry, and nothing journalled for it.
    await connectDatabase({ uri: `${db.uri}${DATABASE}` });
    const stored = mongoose.connection.db!;
    const question = await stored.collection('questions').findOne({ text });
    expect(question).not.toBeNull();
    const entry = () => stored.collection('searchentries').findOne({ _id: question!._id });
    expect(await entry()).toBeNull();
    const rows = await stored.collection('pendingwrites').find({}).toArray();
    expect(rows.filter((row) => String(row.targetId).includes(String(question!._id)))).toEqual([]);

    // Younger than the periodic grace: left to a create that may still be under way.
    expect((await repairHalfWrites()).creates).toBe(0);
    expect((await repairHalfWrites(0)).creates).toBe(1);
    const written = await stored.collection('questions').findOne({ _id: question!._id });
    expect(await entry()).toEqual(entryOf('question', written as unknown as EntrySource));
    expect((await entry())!.k).toContain('wombat');
  });
});

// Baseline (b): the app's own database commands, captured for one request (the driver's command
// monitoring in a capture process, never a measured one) and replayed with the bare driver.
// Commands the app sent at once (one started before another of its group had finished) are
// replayed at once; a getMore or killCursors takes the cursor the replay opened.

/** Data commands only (our engine's `searchEntries` too): no handshakes, heartbeats or sessions. */
const DATA_COMMANDS = new Set([
  ...'find aggregate getMore killCursors count distinct insert update delete'.split(' '),
  ...'findAndModify searchEntries'.split(' '),
]);
/** What the driver adds per operation (a session, the cluster time): the replaying driver adds its own. */
const SESSION_FIELDS = 'lsid $clusterTime $db txnNumber autocommit $readPreference'.split(' ');

/** A monitoring process's recorder: `start()`, then `stop()` returns the captured commands. */
export function createRecorder(client, EJSON) {
  let list = null;
  const byId = new Map();
  client.on('commandStarted', (event) => {
    if (!list || !DATA_COMMANDS.has(event.commandName)) return;
    const command = { ...event.command };
    for (const field of SESSION_FIELDS) delete command[field];
    const entry = {
      name: event.commandName,
      db: event.databaseName,
      command: EJSON.stringify(command, { relaxed: false }),
      startedAt: performance.now(),
      finishedAt: null,
    };
    byId.set(event.requestId, entry);
    list.push(entry);
  });
  const finish = (event) => {
    const entry = byId.get(event.requestId);
    if (entry) entry.finishedAt = performance.now();
    byId.delete(event.requestId);
  };
  client.on('commandSucceeded', finish);
  client.on('commandFailed', finish);
  return {
    start: () => void (list = []),
    stop() {
      const out = list ?? [];
      list = null;
      return out;
    },
  };
}

/** Groups captured commands into waves: a wave's commands were in flight together. */
export function toWaves(commands) {
  const waves = [];
  let current = null;
  let firstFinish = Infinity;
  for (const entry of commands) {
    if (current && entry.startedAt < firstFinish) {
      current.push(entry);
      firstFinish = Math.min(firstFinish, entry.finishedAt ?? Infinity);
      continue;
    }
    current = [entry];
    firstFinish = entry.finishedAt ?? Infinity;
    waves.push(current);
  }
  return waves.map((wave) => wave.map(({ name, db, command }) => ({ name, db, command })));
}

/** A replayer of captured waves on a connected MongoClient. */
export function createReplayer(client, EJSON) {
  const parsed = new Map();
  return async function replay(key, waves) {
    const parse = (c) => ({ ...c, command: EJSON.parse(c.command) });
    if (!parsed.has(key))
      parsed.set(
        key,
        waves.map((wave) => wave.map(parse)),
      );
    const cursors = new Map();
    for (const wave of parsed.get(key)) {
      await Promise.all(
        wave.map(async ({ name, db, command }) => {
          let sent = command;
          const open = cursors.get(command.collection ?? command.killCursors);
          if ((name === 'getMore' || name === 'killCursors') && (!open || open.isZero?.())) return;
          if (name === 'getMore') sent = { ...command, getMore: open };
          if (name === 'killCursors') sent = { ...command, cursors: [open] };
          const reply = await client.db(db).command(sent);
          const collection = command.find ?? command.aggregate ?? command.collection;
          if (reply.cursor?.id !== undefined) cursors.set(collection, reply.cursor.id);
        }),
      );
    }
  };
}

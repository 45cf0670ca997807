// The database reads a piece of work sends, as `collection.method`: through mongoose's debug hook
// (queries and driver collection calls) and the `find` commands sent straight through `db.command`
// (storage/find-command.ts), which that hook does not see.
import { vi } from 'vitest';
import { mongoose } from '../db.js';

/** Runs `work` and answers its result with the commands it sent, in order. */
export async function logCommands<T>(
  work: () => Promise<T>,
): Promise<{ result: T; log: string[] }> {
  const log: string[] = [];
  mongoose.set('debug', (collection: string, method: string) => {
    log.push(`${collection}.${method}`);
  });
  const db = mongoose.connection.db!;
  const command = db.command.bind(db);
  const spy = vi.spyOn(db, 'command').mockImplementation(((...args: Parameters<typeof command>) => {
    const [body] = args;
    if (typeof body.find === 'string') log.push(`${body.find}.find`);
    return command(...args);
  }) as never);
  try {
    return { result: await work(), log };
  } finally {
    spy.mockRestore();
    mongoose.set('debug', false);
  }
}

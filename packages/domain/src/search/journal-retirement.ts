// Journal rows of whole writes of search entries (entry-writes.ts), removed in one command a little
// after their writes answered, instead of one command on each write's path (decisions 9 and 13).
import type { Types } from 'mongoose';
import { mongoose } from '../db.js';
import { PENDING_WRITES_COLLECTION } from '../writing/pending-writes.js';

/** Ids per command: FerretDB 1.24 hangs on large commands (terms.ts). */
const IDS_PER_COMMAND = 500;

// A row a stop leaves here costs one idle rebuild by the repair, which leaves rows alone for a
// minute: far longer than this delay.
const RETIRE_DELAY_MS = 250;
const retiring: Types.ObjectId[] = [];
let retirement: Promise<void> | null = null;

/** Removes this row of a whole write with the others of the next moment. */
export function retireRow(row: Types.ObjectId): void {
  retiring.push(row);
  scheduleRemoval();
}

function scheduleRemoval(): void {
  retirement ??= new Promise<void>((resolve) => {
    setTimeout(resolve, RETIRE_DELAY_MS).unref();
  }).then(removeRetiredRows);
}

async function removeRetiredRows(): Promise<void> {
  const rows = retiring.splice(0);
  try {
    for (let i = 0; i < rows.length; i += IDS_PER_COMMAND) {
      await mongoose.connection.db
        ?.collection(PENDING_WRITES_COLLECTION)
        .deleteMany({ _id: { $in: rows.slice(i, i + IDS_PER_COMMAND) } });
    }
  } catch {
    // Left for the repair, like a row whose removal failed.
  } finally {
    retirement = null;
    if (retiring.length) scheduleRemoval();
  }
}

/** Removes now the journal rows of whole writes still waiting for their removal (tests). */
export async function settleEntryJournal(): Promise<void> {
  while (retirement) await retirement;
}

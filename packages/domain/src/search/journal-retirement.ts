// Journal rows of whole writes of search entries (entry-writes.ts), removed in one command a little
// after their writes answered, instead of one command on each write's path (decisions 9 and 13).
// A stop removes the rows still waiting first: disconnectDatabase settles them before it closes.
import type { Types } from 'mongoose';
import { mongoose, settleBeforeDisconnect } from '../db.js';
import { PENDING_WRITES_COLLECTION } from '../writing/pending-writes.js';

/** Ids per command: FerretDB 1.24 hangs on large commands (terms.ts). */
const IDS_PER_COMMAND = 500;

// A row left here (a crash, or a removal that failed) costs one idle rebuild by the repair, which
// leaves rows alone for a minute: far longer than this delay.
const RETIRE_DELAY_MS = 250;
const retiring: Types.ObjectId[] = [];
let timer: NodeJS.Timeout | undefined;
let removing: Promise<void> | undefined;

/** Removes this row of a whole write with the others of the next moment. */
export function retireRow(row: Types.ObjectId): void {
  retiring.push(row);
  timer ??= setTimeout(() => void removeWaitingRows(), RETIRE_DELAY_MS).unref();
}

/** Removes the rows waiting now; joins the removal under way instead when there is one. */
function removeWaitingRows(): Promise<void> {
  clearTimeout(timer);
  timer = undefined;
  removing ??= removeRows(retiring.splice(0)).finally(() => {
    removing = undefined;
    // Rows retired during this removal wait for their own.
    if (retiring.length) timer ??= setTimeout(() => void removeWaitingRows(), 0).unref();
  });
  return removing;
}

async function removeRows(rows: Types.ObjectId[]): Promise<void> {
  try {
    for (let i = 0; i < rows.length; i += IDS_PER_COMMAND) {
      await mongoose.connection.db
        ?.collection(PENDING_WRITES_COLLECTION)
        .deleteMany({ _id: { $in: rows.slice(i, i + IDS_PER_COMMAND) } });
    }
  } catch {
    // Left for the repair, like a row whose removal failed.
  }
}

/** Removes now, without waiting for the delay, every row retired so far (a stop; tests). */
export async function settleEntryJournal(): Promise<void> {
  while (removing || retiring.length) await (removing ?? removeWaitingRows());
}

settleBeforeDisconnect(settleEntryJournal);

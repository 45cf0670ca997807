// A decompression bomb is refused before the parser sees it: every stream of the file that is
// zlib data is inflated once, its output counted and dropped, against one budget for the whole
// file. pdf.js has no such bound: it grows a buffer until the stream ends. Streams hidden behind
// another filter first (hex, ASCII85) are left to the reader's memory and time limits.
import { constants, createInflate } from 'node:zlib';

const STREAM = Buffer.from('stream', 'latin1');
const END_STREAM = Buffer.from('endstream', 'latin1');
/** The first byte of a zlib header (deflate, 32 KiB window): what a Flate stream starts with. */
const ZLIB_FIRST_BYTE = 0x78;

/** Where each stream's bytes start and end (the bytes between `stream<EOL>` and `endstream`). */
function* streamBodies(data: Buffer): Generator<[number, number]> {
  let from = 0;
  for (;;) {
    const at = data.indexOf(STREAM, from);
    if (at < 0) return;
    let start = at + STREAM.length;
    // `endstream` holds `stream` too: only the keyword followed by an end of line opens one.
    const isCrLf = data[start] === 0x0d && data[start + 1] === 0x0a;
    if (isCrLf) start += 2;
    else if (data[start] === 0x0a || data[start] === 0x0d) start += 1;
    else {
      from = start;
      continue;
    }
    const end = data.indexOf(END_STREAM, start);
    if (end < 0) return;
    yield [start, end];
    from = end + END_STREAM.length;
  }
}

/** How many bytes `bytes` inflate to, stopping (with `limit + 1`) once past `limit`. */
function inflatedLength(bytes: Buffer, limit: number): Promise<number> {
  return new Promise((resolve) => {
    const inflate = createInflate({ finishFlush: constants.Z_SYNC_FLUSH });
    let total = 0;
    inflate.on('data', (chunk: Buffer) => {
      total += chunk.length;
      if (total > limit) {
        inflate.destroy();
        resolve(limit + 1);
      }
    });
    inflate.once('end', () => resolve(total));
    // Not zlib data after all, or damaged: what came out counts; the parser decides the rest.
    inflate.once('error', () => resolve(total));
    inflate.end(bytes);
  });
}

/** The reason a file's streams inflate past `maxBytes` together, or null when they do not. */
export async function inflatedSizeIssue(data: Buffer, maxBytes: number): Promise<string | null> {
  let budget = maxBytes;
  for (const [start, end] of streamBodies(data)) {
    if (data[start] !== ZLIB_FIRST_BYTE) continue;
    budget -= await inflatedLength(data.subarray(start, end), budget);
    if (budget < 0) {
      return `its compressed streams expand past ${Math.round(maxBytes / 1024 / 1024)} MiB`;
    }
  }
  return null;
}

// The entry of a reading thread (reader-threads.ts starts it from the build, without the
// process's flags): loads pdf.js at once, then answers each file it is sent.
import v8 from 'node:v8';
import { parentPort } from 'node:worker_threads';
import { installBufferGuard } from './buffer-guard.js';
import { extractPdf, loadPdfReader, PdfRefusal } from './extract.js';
import type { PdfLimits } from './types.js';

// Before pdf.js is loaded, so that every array it makes goes through the guard.
const guard = installBufferGuard();

// pdf.js warns on stdout and stderr about fonts it cannot load: not the service's log, so the
// thread drops what it writes there (a parent reading the thread's output would be kept alive).
process.stdout.write = process.stderr.write = () => true;

loadPdfReader().catch(() => undefined);

/** What the thread holds now, in MiB (heap and buffers): the service ends a thread grown large. */
function heldMb(): number {
  const stats = v8.getHeapStatistics();
  return Math.round((stats.total_heap_size + stats.external_memory) / 1024 / 1024);
}

parentPort?.on('message', ({ data, limits }: { data: Uint8Array; limits: PdfLimits }) => {
  guard.arm(limits.maxBufferMb * 1024 * 1024);
  const tooBig = () => `The PDF needs more than ${limits.maxBufferMb} MiB of buffers to read`;
  extractPdf(data, limits).then(
    (content) =>
      parentPort?.postMessage(
        // pdf.js may have gone on without what it could not allocate: the text is not whole.
        guard.tripped
          ? { refused: true, message: tooBig(), heldMb: heldMb(), tripped: true }
          : { content, heldMb: heldMb() },
      ),
    (error: unknown) =>
      parentPort?.postMessage({
        refused: error instanceof PdfRefusal || guard.tripped,
        message: guard.tripped ? tooBig() : String((error as Error | undefined)?.message ?? error),
        heldMb: heldMb(),
        tripped: guard.tripped,
      }),
  );
});

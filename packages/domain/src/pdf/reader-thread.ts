// The entry of a reading thread (reader-threads.ts starts it from the build, without the
// process's flags): loads pdf.js at once, then answers each file it is sent.
import { parentPort } from 'node:worker_threads';
import { extractPdf, loadPdfReader, PdfRefusal } from './extract.js';
import type { PdfLimits } from './types.js';

// pdf.js warns on stdout and stderr about fonts it cannot load: not the service's log, so the
// thread drops what it writes there (a parent reading the thread's output would be kept alive).
process.stdout.write = process.stderr.write = () => true;

loadPdfReader().catch(() => undefined);

parentPort?.on('message', ({ data, limits }: { data: Uint8Array; limits: PdfLimits }) => {
  extractPdf(data, limits).then(
    (content) => parentPort?.postMessage({ content }),
    (error: unknown) =>
      parentPort?.postMessage({
        refused: error instanceof PdfRefusal,
        message: String((error as Error | undefined)?.message ?? error),
      }),
  );
});

// Reads a PDF away from the request loop: a worker thread of its own with a heap limit and a
// wall-clock limit, terminated when either is passed. Whatever the file does to the parser
// (endless pages, deep nesting, huge or bombed streams), the service's thread only waits.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { DEFAULT_PDF_LIMITS } from './types.js';
import type { PdfContent, PdfLimits } from './types.js';

/** Why a file could not be read as a PDF, in words a caller can act on. */
export class PdfReadError extends Error {}

/**
 * The compiled module the worker runs. The service runs from `dist/`; the package's own tests
 * run from `src/`, where the worker (plain Node, no TypeScript) takes the build of the same file.
 */
function extractModuleUrl(): string {
  const here = new URL('./extract.js', import.meta.url);
  if (existsSync(fileURLToPath(here))) return here.href;
  return new URL('../../dist/pdf/extract.js', import.meta.url).href;
}

// CommonJS, evaluated in the worker: imports the extractor and posts one answer.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
import(workerData.moduleUrl)
  .then((m) => m.extractPdf(workerData.data, workerData.limits))
  .then(
    (content) => parentPort.postMessage({ content }),
    (error) => parentPort.postMessage({
      refused: Boolean(error && error.name === 'PdfRefusal'),
      message: String(error && error.message || error),
    }),
  );
`;

type WorkerAnswer = { content: PdfContent } | { refused: boolean; message: string };

/**
 * Reads a PDF's text page by page in a worker thread within `limits` (defaults: DEFAULT_PDF_LIMITS);
 * `transfer` hands the bytes over to it (the caller's copy is then empty).
 * Rejects with PdfReadError saying why when the file is not a PDF, cannot be opened, has no
 * pages, or passes a limit.
 */
export function readPdf(
  data: Uint8Array,
  limits: Partial<PdfLimits> = {},
  options: { transfer?: boolean } = {},
): Promise<PdfContent> {
  const bounds: PdfLimits = { ...DEFAULT_PDF_LIMITS, ...limits };
  // Moved, not copied, to the worker: the caller's own bytes when it hands them over
  // (`transfer`: they must fill their ArrayBuffer), else a copy.
  const owned =
    options.transfer &&
    data.buffer instanceof ArrayBuffer &&
    data.byteOffset === 0 &&
    data.byteLength === data.buffer.byteLength;
  const copy = owned ? (data as Uint8Array<ArrayBuffer>) : new Uint8Array(data);
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: { data: copy, limits: bounds, moduleUrl: extractModuleUrl() },
      transferList: [copy.buffer],
      resourceLimits: {
        maxOldGenerationSizeMb: bounds.maxHeapMb,
        maxYoungGenerationSizeMb: 32,
        stackSizeMb: 4,
      },
      stdout: true,
      stderr: true,
    });
    // pdf.js warns on stdout and stderr about fonts it cannot load: not the service's log.
    worker.stdout.resume();
    worker.stderr.resume();
    let settled = false;
    const finish = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      outcome();
      void worker.terminate();
    };
    const timer = setTimeout(
      () =>
        finish(() =>
          reject(new PdfReadError(`The PDF took longer than ${bounds.timeoutMs / 1000} s to read`)),
        ),
      bounds.timeoutMs,
    );
    worker.once('message', (answer: WorkerAnswer) =>
      finish(() => {
        if ('content' in answer) resolve(answer.content);
        else if (answer.refused) reject(new PdfReadError(answer.message));
        else reject(new PdfReadError(`The file could not be read as a PDF (${answer.message})`));
      }),
    );
    worker.once('error', (error: Error & { code?: string }) =>
      finish(() =>
        reject(
          new PdfReadError(
            error.code === 'ERR_WORKER_OUT_OF_MEMORY'
              ? `The PDF needs more than ${bounds.maxHeapMb} MiB to read`
              : `The file could not be read as a PDF (${error.message})`,
          ),
        ),
      ),
    );
    worker.once('exit', (code) =>
      finish(() => reject(new PdfReadError(`The PDF reader stopped (exit code ${code})`))),
    );
  });
}

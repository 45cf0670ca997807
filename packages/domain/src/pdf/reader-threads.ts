// The threads that read PDFs: started lazily, kept warm and reused (pdf.js costs about a second
// to load and compile in a fresh thread), one file at a time each, at most MAX_THREADS. A thread
// is born with its heap limit, so it only takes files read under that limit. A file that passes
// the time limit, or makes its thread run out of memory, takes that thread down with it; the next
// file gets a fresh one. A thread that holds more than RECYCLE_MB after a file, or has been idle
// for IDLE_MS, ends, giving its memory back: steady uploads never keep a grown thread alive.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { PdfContent, PdfLimits } from './types.js';

/** Why a file could not be read as a PDF, in words a caller can act on. */
export class PdfReadError extends Error {}

/** Threads reading at the same time: the service's cores are few and shared. */
const MAX_THREADS = 2;
/** How long a thread with nothing to read stays warm. */
const IDLE_MS = 10_000;
/** A thread holding more than this (heap and buffers) after a file is ended, not reused. */
const RECYCLE_MB = 96;

/**
 * The compiled module a thread runs (reader-thread.ts). The service runs from `dist/`; the
 * package's own tests run from `src/`, where the thread (plain Node, no TypeScript) takes the
 * build of the same file.
 */
function threadModule(): URL {
  const here = new URL('./reader-thread.js', import.meta.url);
  if (existsSync(fileURLToPath(here))) return here;
  return new URL('../../dist/pdf/reader-thread.js', import.meta.url);
}

type ThreadAnswer = ({ content: PdfContent } | { refused: boolean; message: string }) & {
  /** What the thread holds after the file, in MiB. */
  heldMb: number;
  /** The file passed the thread's buffer limit. */
  tripped?: boolean;
};

interface Job {
  data: Uint8Array<ArrayBuffer>;
  limits: PdfLimits;
  resolve: (content: PdfContent) => void;
  reject: (error: PdfReadError) => void;
}

interface ReaderThread {
  worker: Worker;
  heapMb: number;
  job: Job | null;
  /** The time limit of the file being read, or how long the thread has left to idle. */
  timer: NodeJS.Timeout | null;
}

const threads = new Set<ReaderThread>();
const queue: Job[] = [];
let started = 0;

/** How many reading threads this process has started so far (the reuse is visible to tests). */
export function pdfReaderThreadsStarted(): number {
  return started;
}

function startThread(heapMb: number): ReaderThread {
  const worker = new Worker(threadModule(), {
    // None of the process's flags: the thread needs none, and some would stop it from starting
    // (a thread is otherwise given them all, `--input-type=module` of an `--eval` script included).
    execArgv: [],
    resourceLimits: {
      maxOldGenerationSizeMb: heapMb,
      maxYoungGenerationSizeMb: 32,
      stackSizeMb: 4,
    },
    // Not piped into the service's own output (the thread writes nothing there anyway).
    stdout: true,
    stderr: true,
  });
  started += 1;
  const thread: ReaderThread = { worker, heapMb, job: null, timer: null };
  worker.on('message', (answer: ThreadAnswer) => {
    const job = thread.job;
    if (!job) return;
    const isGrown = answer.heldMb > RECYCLE_MB || answer.tripped === true;
    if ('content' in answer) settle(thread, () => job.resolve(answer.content), isGrown);
    else if (answer.refused) {
      settle(thread, () => job.reject(new PdfReadError(answer.message)), isGrown);
    } else {
      const why = `The file could not be read as a PDF (${answer.message})`;
      settle(thread, () => job.reject(new PdfReadError(why)), isGrown);
    }
  });
  worker.on('error', (error: Error & { code?: string }) => {
    const why =
      error.code === 'ERR_WORKER_OUT_OF_MEMORY'
        ? `The PDF needs more than ${heapMb} MiB to read`
        : `The file could not be read as a PDF (${error.message})`;
    fail(thread, why);
  });
  worker.on('exit', (code) => fail(thread, `The PDF reader stopped (exit code ${code})`));
  // A warm thread waiting for work never keeps the process alive; a file being read does (its
  // time limit is a plain timer). After the listeners: adding a 'message' one refs the thread.
  worker.unref();
  threads.add(thread);
  return thread;
}

/** Ends a thread for good (its file, if any, is rejected with `why`) and serves the queue. */
function fail(thread: ReaderThread, why: string): void {
  if (!threads.delete(thread)) return;
  if (thread.timer) clearTimeout(thread.timer);
  const job = thread.job;
  thread.job = null;
  job?.reject(new PdfReadError(why));
  void thread.worker.terminate();
  dispatch();
}

/**
 * The thread's file is answered: it takes the next one, or waits warm for IDLE_MS; a grown
 * thread is ended instead (its memory goes back at once).
 */
function settle(thread: ReaderThread, answer: () => void, isGrown: boolean): void {
  if (thread.timer) clearTimeout(thread.timer);
  thread.job = null;
  answer();
  if (isGrown) {
    fail(thread, 'recycled');
    return;
  }
  thread.timer = setTimeout(() => fail(thread, 'idle'), IDLE_MS);
  thread.timer.unref();
  dispatch();
}

function run(thread: ReaderThread, job: Job): void {
  if (thread.timer) clearTimeout(thread.timer);
  thread.job = job;
  thread.timer = setTimeout(
    () => fail(thread, `The PDF took longer than ${job.limits.timeoutMs / 1000} s to read`),
    job.limits.timeoutMs,
  );
  thread.worker.postMessage({ data: job.data, limits: job.limits }, [job.data.buffer]);
}

/** Hands queued files to idle threads of their heap limit, starting threads while there is room. */
function dispatch(): void {
  while (queue.length > 0) {
    const job = queue[0]!;
    const idle = [...threads].filter((t) => t.job === null);
    let thread = idle.find((t) => t.heapMb === job.limits.maxHeapMb);
    if (!thread && threads.size >= MAX_THREADS && idle[0]) {
      // Room for a thread of this heap limit: an idle one of another limit gives way.
      fail(idle[0], 'replaced');
      return;
    }
    if (!thread && threads.size < MAX_THREADS) thread = startThread(job.limits.maxHeapMb);
    if (!thread) return;
    queue.shift();
    run(thread, job);
  }
}

/**
 * Reads `data` in a reading thread within `limits`; the bytes are moved to that thread. Rejects
 * with PdfReadError saying why the file cannot be read.
 */
export function readInThread(
  data: Uint8Array<ArrayBuffer>,
  limits: PdfLimits,
): Promise<PdfContent> {
  return new Promise((resolve, reject) => {
    queue.push({ data, limits, resolve, reject });
    dispatch();
  });
}

// A paper's OCR process, seen from the service: started with the PDF's file, asked one thing at
// a time, each within a time limit and under a memory limit. Past the time limit, or past the
// memory limit (its resident memory, looked at a few times a second), the process and all it
// started are ended, and the request rejects with OcrLimitError saying which limit it passed.
import { fork } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { ChildRequest, OpenMessage } from './ocr-child.js';

/** A request passed its time or memory limit (its process was ended). */
export class OcrLimitError extends Error {
  constructor(
    message: string,
    readonly limit: 'time' | 'memory',
  ) {
    super(message);
  }
}

/** How often the process's memory is looked at. */
const WATCH_MS = 200;
/** What Node itself holds before any page (its heap, pdf.js, tesseract.js's code). */
const BASE_MB = 150;

/** The compiled child module: from `dist/` when the service runs, else the build of the same file. */
function childModule(): string {
  const here = new URL('./ocr-child.js', import.meta.url);
  if (existsSync(fileURLToPath(here))) return fileURLToPath(here);
  return fileURLToPath(new URL('../../dist/ocr/ocr-child.js', import.meta.url));
}

/** Resident memory of a process in MiB (0 when it cannot be read: not Linux, or gone). */
async function residentMb(pid: number): Promise<number> {
  try {
    const status = await readFile(`/proc/${pid}/status`, 'utf8');
    const kb = /VmRSS:\s+(\d+)/.exec(status)?.[1];
    return kb ? Number(kb) / 1024 : 0;
  } catch {
    return 0;
  }
}

/** One OCR process for one PDF (see the file's comment); start it again after a limit ended it. */
export class OcrProcess {
  private child: ChildProcess | null = null;

  constructor(private readonly open: OpenMessage) {}

  private start(): ChildProcess {
    const child = fork(childModule(), [], {
      // Its own process group: ending it ends pdftoppm and tesseract with it.
      detached: true,
      execArgv: [`--max-old-space-size=${this.open.memoryMb}`],
      serialization: 'advanced',
      stdio: ['ignore', 'ignore', 'ignore', 'ipc'],
    });
    this.child = child;
    child.send(this.open);
    return child;
  }

  /** Ends the process and everything it started. */
  stop(): void {
    const child = this.child;
    this.child = null;
    if (!child?.pid || child.exitCode !== null || child.signalCode !== null) return;
    try {
      process.kill(-child.pid, 'SIGKILL');
    } catch {
      child.kill('SIGKILL');
    }
  }

  /** Asks the process one thing within `timeoutMs`; rejects with the reason it could not answer. */
  ask<T>(request: ChildRequest, timeoutMs: number, what: string): Promise<T> {
    const child = this.child ?? this.start();
    return new Promise<T>((resolve, reject) => {
      let answered = false;
      let watching = false;
      const done = (settle: () => void) => {
        if (answered) return;
        answered = true;
        clearTimeout(timer);
        clearInterval(watch);
        child.off('message', onMessage);
        child.off('exit', onExit);
        settle();
      };
      const fail = (error: Error) => {
        this.stop();
        done(() => reject(error));
      };
      const onMessage = (message: { ok: true; value: T } | { ok: false; message: string }) => {
        // The answer to `open` comes first: it carries nothing.
        if (
          message.ok &&
          request.op !== 'open' &&
          Object.keys(message.value as object).length === 0
        )
          return;
        done(() => (message.ok ? resolve(message.value) : reject(new Error(message.message))));
      };
      const onExit = (code: number | null, signal: string | null) =>
        fail(new Error(`the OCR process stopped (${signal ?? `exit code ${code}`}) ${what}`));
      const timer = setTimeout(
        () => fail(new OcrLimitError(`OCR took longer than ${timeoutMs / 1000} s ${what}`, 'time')),
        timeoutMs,
      );
      const limitMb = this.open.memoryMb + BASE_MB;
      const watch = setInterval(() => {
        if (watching || !child.pid) return;
        watching = true;
        void residentMb(child.pid).then((mb) => {
          watching = false;
          if (mb > limitMb) {
            fail(
              new OcrLimitError(`OCR needed more than ${this.open.memoryMb} MiB ${what}`, 'memory'),
            );
          }
        });
      }, WATCH_MS);
      child.on('message', onMessage);
      child.on('exit', onExit);
      child.send(request);
    });
  }
}

// The native engine: poppler's pdftoppm draws a page, Debian's Tesseract 5 reads it. Each runs
// under a memory cap (`ulimit -v`, so a page that needs more fails instead of swapping the
// machine) and on one thread: the service's cores are few and serve requests too.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { wordsOfTsv } from './words.js';
import type { OcrImage } from './words.js';

/** True when `command` is on the PATH. */
export function isOnPath(command: string): boolean {
  return spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;
}

/** Runs a command under a virtual memory cap; resolves with its stdout, rejects with its stderr. */
function run(command: string, args: string[], memoryMb: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      'sh',
      ['-c', `ulimit -v ${memoryMb * 1024}; OMP_THREAD_LIMIT=1 exec "$@"`, 'sh', command, ...args],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let out = '';
    let err = '';
    child.stdout.setEncoding('utf8').on('data', (c: string) => (out += c));
    child.stderr.setEncoding('utf8').on('data', (c: string) => (err = (err + c).slice(-2000)));
    child.on('error', reject);
    child.on('close', (code, signal) => {
      if (code === 0) resolve(out);
      else {
        const last = err.trim().split('\n').at(-1) ?? '';
        reject(
          new Error(
            `${command} stopped (${signal ?? `exit code ${code}`})${last ? `: ${last}` : ''}`,
          ),
        );
      }
    });
  });
}

/** Draws page `n` of the PDF at `file` at `dpi` (grey) and reads it with Tesseract. */
export async function readPageNative(options: {
  file: string;
  n: number;
  dpi: number;
  languages: string;
  memoryMb: number;
}): Promise<OcrImage> {
  const dir = await mkdtemp(join(tmpdir(), 'qpc-ocr-'));
  try {
    const prefix = join(dir, 'page');
    const page = String(options.n);
    await run(
      'pdftoppm',
      [
        '-f',
        page,
        '-l',
        page,
        '-r',
        String(options.dpi),
        '-gray',
        '-singlefile',
        options.file,
        prefix,
      ],
      options.memoryMb,
    );
    const image = `${prefix}.pgm`;
    const header = (await readFile(image)).subarray(0, 64).toString('latin1');
    const [, w = '0', h = '0'] = /^P5\s+(?:#[^\n]*\n\s*)*(\d+)\s+(\d+)/.exec(header) ?? [];
    // psm 3: Tesseract finds the page's blocks, columns and lines itself.
    const tsv = await run(
      'tesseract',
      [image, 'stdout', '-l', options.languages, '--psm', '3', 'tsv'],
      options.memoryMb,
    );
    return { widthPx: Number(w), heightPx: Number(h), words: wordsOfTsv(tsv) };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

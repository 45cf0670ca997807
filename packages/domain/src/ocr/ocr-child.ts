// The process that reads a paper's scanned pages (ocr-process.ts starts one per paper): looks at
// the PDF's images, then draws and reads the pages it is asked for, one at a time. Its own
// process, so that a page past its time or memory limit is ended with everything it started
// (tesseract.js's thread, pdftoppm, tesseract) while the service goes on serving.
import { readFile } from 'node:fs/promises';
import { JsPageReader } from './js-engine.js';
import { readPageNative } from './native.js';
import { pageImagesOf } from './page-images.js';

export interface OpenMessage {
  op: 'open';
  file: string;
  engine: 'native' | 'js';
  languages: string;
  memoryMb: number;
}
export type ChildRequest = OpenMessage | { op: 'inspect' } | { op: 'page'; n: number; dpi: number };

let opened: OpenMessage | undefined;
let reader: JsPageReader | undefined;

async function answer(request: ChildRequest): Promise<unknown> {
  if (request.op === 'open') {
    opened = request;
    if (request.engine === 'js') {
      reader = new JsPageReader(new Uint8Array(await readFile(request.file)), request.languages);
    }
    return {};
  }
  if (!opened) throw new Error('no file is open');
  if (request.op === 'inspect') return { pages: await pageImagesOf(await readFile(opened.file)) };
  if (reader) return { image: await reader.read(request.n, request.dpi) };
  return {
    image: await readPageNative({
      file: opened.file,
      n: request.n,
      dpi: request.dpi,
      languages: opened.languages,
      memoryMb: opened.memoryMb,
    }),
  };
}

// Requests come one at a time: the service waits for each answer.
process.on('message', (request: ChildRequest) => {
  answer(request).then(
    (value) => process.send?.({ ok: true, value }),
    (error: unknown) =>
      process.send?.({
        ok: false,
        message: error instanceof Error ? error.message : String(error),
      }),
  );
});
// The service went away (a restart): nothing is left reading for nobody.
process.on('disconnect', () => process.exit(0));

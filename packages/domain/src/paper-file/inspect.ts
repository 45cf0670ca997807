import { createHash } from 'node:crypto';
import { Transform } from 'node:stream';
import type { TransformCallback } from 'node:stream';
import { FileTooLargeError, UnsupportedMediaTypeError } from '../errors.js';
import { PDF_MAGIC } from './schema.js';

const MAGIC = Buffer.from(PDF_MAGIC, 'latin1');

/** The refusal of a body over the limit, naming the limit. */
export function tooLargeError(maxBytes: number): FileTooLargeError {
  return new FileTooLargeError(`A paper file may be at most ${maxBytes} bytes`);
}

function notPdfError(): UnsupportedMediaTypeError {
  return new UnsupportedMediaTypeError(`A paper file must be a PDF (starting with ${PDF_MAGIC})`);
}

/**
 * Passes a body through unchanged while checking it: the first bytes must be `%PDF-` (415; the
 * whole file is parsed once stored, read-stored.ts),
 * the total must stay within `maxBytes` (413, raised as soon as it is passed), and the SHA-256
 * is computed on the way. Nothing is buffered beyond the first five bytes.
 */
export class PdfInspector extends Transform {
  private readonly hash = createHash('sha256');
  private head = Buffer.alloc(0);
  private count = 0;

  constructor(private readonly maxBytes: number) {
    super();
  }

  /** Bytes seen so far. */
  get size(): number {
    return this.count;
  }

  /** The SHA-256 (hexadecimal) of everything seen; call once, after the stream ended. */
  digest(): string {
    return this.hash.digest('hex');
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.count += chunk.length;
    if (this.count > this.maxBytes) {
      callback(tooLargeError(this.maxBytes));
      return;
    }
    if (this.head.length < MAGIC.length) {
      this.head = Buffer.concat([this.head, chunk.subarray(0, MAGIC.length - this.head.length)]);
      if (!MAGIC.subarray(0, this.head.length).equals(this.head)) {
        callback(notPdfError());
        return;
      }
    }
    this.hash.update(chunk);
    callback(null, chunk);
  }

  override _flush(callback: TransformCallback): void {
    callback(this.head.length < MAGIC.length ? notPdfError() : null);
  }
}

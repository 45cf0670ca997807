// A stored paper file read back as a PDF: the upload's check and the drafts both parse the file
// GridFS holds. The upload itself stays streamed; only the parse holds the file, once, and hands
// it to the reading thread without another copy.
import type { Types } from 'mongoose';
import { UnsupportedMediaTypeError } from '../errors.js';
import { PdfReadError, readPdf } from '../pdf/read.js';
import type { PdfContent } from '../pdf/types.js';
import { openStoredFile } from './storage.js';

/** The bytes of a stored file, in one ArrayBuffer of their own (null when it is gone). */
export async function storedBytes(
  fileId: Types.ObjectId,
  size: number,
): Promise<Uint8Array | null> {
  const stream = await openStoredFile(fileId);
  if (!stream) return null;
  const bytes = new Uint8Array(new ArrayBuffer(size));
  let filled = 0;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    if (filled + chunk.length > size) throw new Error(`File ${fileId} is longer than recorded`);
    bytes.set(chunk, filled);
    filled += chunk.length;
  }
  if (filled !== size) throw new Error(`File ${fileId} is shorter than recorded`);
  return bytes;
}

/**
 * Parses a stored file as a PDF (see readPdf). A file that is not one, cannot be opened or
 * passes a limit is 415 saying why; a file that is gone resolves null.
 */
export async function readStoredPdf(
  fileId: Types.ObjectId,
  size: number,
): Promise<PdfContent | null> {
  const bytes = await storedBytes(fileId, size);
  if (!bytes) return null;
  try {
    return await readPdf(bytes, {}, { transfer: true });
  } catch (error) {
    if (error instanceof PdfReadError) throw new UnsupportedMediaTypeError(error.message);
    throw error;
  }
}

// The DTO (`paperFileSchema`, `PaperFile`) lives with the paper it belongs to: ../paper/schema.ts.

/** The only media type a paper file may have. */
export const PAPER_FILE_CONTENT_TYPE = 'application/pdf';

/** What every PDF starts with. */
export const PDF_MAGIC = '%PDF-';

/** Size of a GridFS chunk of a paper file (the driver's default, 255 KiB). */
export const PAPER_FILE_CHUNK_BYTES = 255 * 1024;

/** An inclusive byte range of a file, as HTTP `Range: bytes=start-end` names it. */
export interface ByteRange {
  start: number;
  end: number;
}

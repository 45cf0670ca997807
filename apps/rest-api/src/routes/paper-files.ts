// A paper's PDF: upload (streamed, checked and hashed on the way), download with ETag and Range,
// delete. The rules live in the domain's paper-file services; HTTP caching and ranges live here.
import {
  createPaperFromPdf,
  deletePaperFile,
  getPaperById,
  openPaperFile,
  uploadPaperFile,
} from '@qpc/domain';
import type { ByteRange, PaperFileDownload } from '@qpc/domain';
import { createPaperFromPdfQuery, PAPER_FILE_CONTENT_TYPE, paperSchema } from '@qpc/domain/schemas';
import { RangeNotSatisfiableError } from '@qpc/server-kit';
import type { FileReply, RouteDefinition } from './route.js';
import { component, created, file, idParams, item, noContent, resourcePath } from './route.js';

const Paper = component('Paper', paperSchema);
const tag = 'Papers';

/** The ETag of a file: its SHA-256, quoted. */
function etagOf(sha256: string): string {
  return `"${sha256}"`;
}

/** True when an If-None-Match (or If-Range) value names this ETag (weak comparison, `*` too). */
function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === '*' || tag === etag);
}

/**
 * The one range a `Range` header asks for: null for the whole file (no header, another unit,
 * several ranges, or a header that does not parse, as RFC 9110 allows), `unsatisfiable` when it
 * lies outside the file.
 */
export function requestedRange(
  header: string | undefined,
  size: number,
): ByteRange | 'unsatisfiable' | null {
  const match = /^bytes=\s*(\d*)\s*-\s*(\d*)\s*$/i.exec(header ?? '');
  if (!match) return null;
  const [, from = '', to = ''] = match;
  if (from === '' && to === '') return null;
  if (from === '') {
    const suffix = Number(to);
    if (suffix === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(from);
  const end = to === '' ? size - 1 : Math.min(Number(to), size - 1);
  if (to !== '' && Number(to) < start) return null;
  if (start >= size) return 'unsatisfiable';
  return { start, end };
}

/** The body's declared length (Content-Length), when it is one. */
function declaredLength(header: (name: string) => string | undefined): number | undefined {
  const length = header('content-length');
  return length && /^\d+$/.test(length) ? Number(length) : undefined;
}

/** Status, headers and body of a download, from the request's conditional and range headers. */
function downloadReply(
  download: PaperFileDownload,
  headers: { ifNoneMatch?: string; range?: string; ifRange?: string },
): FileReply {
  const etag = etagOf(download.sha256);
  const common = {
    ETag: etag,
    'Accept-Ranges': 'bytes',
    'Last-Modified': new Date(download.uploadedAt).toUTCString(),
  };
  if (matchesEtag(headers.ifNoneMatch, etag)) return { status: 304, headers: common };
  const file = {
    ...common,
    'Content-Type': PAPER_FILE_CONTENT_TYPE,
    'Content-Disposition': `attachment; filename="${download.filename}"`,
  };
  const isCurrent = !headers.ifRange || matchesEtag(headers.ifRange, etag);
  const range = isCurrent ? requestedRange(headers.range, download.size) : null;
  if (range === 'unsatisfiable') throw new RangeNotSatisfiableError(download.size);
  if (!range) {
    return {
      status: 200,
      headers: { ...file, 'Content-Length': String(download.size) },
      body: () => download.open(),
    };
  }
  return {
    status: 206,
    headers: {
      ...file,
      'Content-Length': String(range.end - range.start + 1),
      'Content-Range': `bytes ${range.start}-${range.end}/${download.size}`,
    },
    body: () => download.open(range),
  };
}

export const paperFileRoutes: RouteDefinition[] = [
  {
    method: 'put',
    path: '/papers/:id/file',
    tag,
    operationId: 'uploadPaperFile',
    summary: 'Upload the PDF of a paper',
    description:
      'The body is the PDF itself (`Content-Type: application/pdf`), streamed: it must start with `%PDF-` and open with a ' +
      'PDF parser (at least one page, within its time, memory, page and size limits), else 415 saying why; it must ' +
      'be at most `PAPER_FILE_MAX_BYTES` (20 MiB by default; else 413, also while streaming, with nothing kept). ' +
      "A new upload replaces the paper's file. Answers the paper with its `file` (`size`, `sha256`, `uploadedAt`).",
    action: 'catalog:write',
    params: idParams,
    rawBody: { contentType: PAPER_FILE_CONTENT_TYPE, description: 'The PDF file' },
    conflict:
      'the same file (same SHA-256) is attached to another paper; the message names its slug',
    response: item(Paper),
    handler: ({ caller: { actor }, param, stream, header, config }) =>
      uploadPaperFile({
        actor,
        id: param('id'),
        body: stream(),
        maxBytes: config.paperFileMaxBytes,
        declaredLength: declaredLength(header),
      }),
  },
  {
    method: 'post',
    path: '/papers/from-pdf',
    tag,
    operationId: 'createPaperFromPdf',
    summary: 'Create a paper from its PDF',
    description:
      'The body is the PDF, under the rules of `PUT /papers/{id}/file` (415, 413). The exam year and type are ' +
      "the query's, else read from the first page's title block; then the paper is created (status `pending` " +
      'unless `draft` is asked for) holding the file, and its drafts start (`GET /papers/{id}/drafts`). ' +
      'Nothing is created when the answer is not 201. The Idempotency-Key compares the query, not the file.',
    action: 'catalog:write',
    query: createPaperFromPdfQuery,
    rawBody: { contentType: PAPER_FILE_CONTENT_TYPE, description: 'The PDF file' },
    conflict:
      'the same file (same SHA-256) is attached to another paper; the message names its slug, and no paper is made',
    unprocessable:
      'SITTING_NOT_FOUND: the exam year or type is neither in the query nor on the first page; `details` name each (`examYear`, `examType`), and no paper is made',
    response: created(
      Paper,
      (p) => resourcePath('papers', p.slug),
      ({ caller }, id) => getPaperById({ actor: caller, id }),
    ),
    handler: ({ caller: { actor }, query, stream, header, config, createdId }) =>
      createPaperFromPdf({
        actor,
        query,
        body: stream(),
        maxBytes: config.paperFileMaxBytes,
        declaredLength: declaredLength(header),
        id: createdId,
      }),
  },
  {
    method: 'get',
    path: '/papers/:id/file',
    tag,
    operationId: 'downloadPaperFile',
    summary: 'Download the PDF of a paper',
    description:
      'Streamed as `application/pdf` with `Content-Length`, `Content-Disposition: attachment; filename="<slug>.pdf"` and ' +
      '`ETag` (the quoted SHA-256; `If-None-Match` answers 304). A single `Range: bytes=start-end` (or `start-`, `-suffix`) ' +
      'answers 206 with `Content-Range`; a range outside the file 416 with `Content-Range: bytes */<size>`; several ' +
      'ranges the whole file. Same visibility as the paper: 404 when the caller may not see it, or it has no file.',
    action: null,
    params: idParams,
    response: file(PAPER_FILE_CONTENT_TYPE, 'The PDF'),
    handler: async ({ caller, param, header }) => {
      const download = await openPaperFile({ actor: caller, id: param('id') });
      return downloadReply(download, {
        ifNoneMatch: header('if-none-match'),
        range: header('range'),
        ifRange: header('if-range'),
      });
    },
  },
  {
    method: 'delete',
    path: '/papers/:id/file',
    tag,
    operationId: 'deletePaperFile',
    summary: 'Delete the PDF of a paper',
    description: 'The paper stays, with `file: null`. 404 when it has no file.',
    action: 'catalog:delete',
    params: idParams,
    response: noContent,
    handler: ({ caller: { actor }, param }) => deletePaperFile({ actor, id: param('id') }),
  },
];

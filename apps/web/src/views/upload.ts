// The REST routes the page calls through its own origin (a paper's PDF, a paper made from its
// PDF, the drafts' reading): their errors as ApiErrors, and uploads with progress
// (XMLHttpRequest: fetch reports no upload progress).
import { ApiError } from '@qpc/client/graphql';
import { currentToken } from '../graphql.js';
import { paths } from '../paths.js';

interface Envelope {
  error?: { code?: string; message?: string; requestId?: string; details?: ApiError['details'] };
}

function apiError(
  status: number,
  body: string,
  requestId: string | null,
  retryAfter: string | null,
) {
  let envelope: Envelope = {};
  try {
    envelope = JSON.parse(body) as Envelope;
  } catch {
    // Not the REST envelope (an unreachable API answers the web server's own text).
  }
  const seconds = Number(retryAfter);
  return new ApiError({
    status,
    code: envelope.error?.code ?? 'UNEXPECTED_RESPONSE',
    message: envelope.error?.message ?? `The API answered ${status}`,
    requestId: envelope.error?.requestId ?? requestId ?? undefined,
    details: envelope.error?.details,
    retryAfterSeconds: Number.isFinite(seconds) && seconds > 0 ? seconds : undefined,
  });
}

/** The REST error of a failed file response. */
export async function fileError(response: Response): Promise<ApiError> {
  return apiError(
    response.status,
    await response.text(),
    response.headers.get('x-request-id'),
    response.headers.get('retry-after'),
  );
}

/** Sends `file` with progress; resolves with the answer's text, rejects with an ApiError. */
async function send(
  method: 'PUT' | 'POST',
  url: string,
  file: Blob,
  onProgress: (fraction: number) => void,
  headers: Record<string, string> = {},
): Promise<string> {
  const token = await currentToken();
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open(method, url);
    request.setRequestHeader('content-type', 'application/pdf');
    if (token) request.setRequestHeader('authorization', `Bearer ${token}`);
    for (const [name, value] of Object.entries(headers)) request.setRequestHeader(name, value);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    request.onload = () => {
      if (request.status >= 200 && request.status < 300) {
        onProgress(1);
        resolve(request.responseText);
        return;
      }
      reject(
        apiError(
          request.status,
          request.responseText,
          request.getResponseHeader('x-request-id'),
          request.getResponseHeader('retry-after'),
        ),
      );
    };
    request.onerror = () =>
      reject(
        new ApiError({
          status: 0,
          code: 'NETWORK_ERROR',
          message: 'The upload did not reach the server',
        }),
      );
    request.send(file);
  });
}

/** PUTs `file` as the paper's PDF, reporting the fraction sent; rejects with an ApiError. */
export async function uploadPaperFile(
  paperId: string,
  file: Blob,
  onProgress: (fraction: number) => void,
): Promise<void> {
  await send('PUT', paths.paperFile(paperId), file, onProgress);
}

/** What the page needs of a paper made from its PDF. */
export interface MadePaper {
  id: string;
  slug: string;
  title: string;
  examYear: number;
  examType: string;
}

/**
 * POSTs `file` to make its paper (`POST /papers/from-pdf`): the query names the offering and, when
 * the first page does not say them, the year and type. `key` makes a retry safe.
 */
export async function createPaperFromPdf(
  query: Record<string, string>,
  file: Blob,
  key: string,
  onProgress: (fraction: number) => void,
): Promise<MadePaper> {
  const text = await send('POST', paths.paperFromPdf(query), file, onProgress, {
    'idempotency-key': key,
  });
  return (JSON.parse(text) as { data: MadePaper }).data;
}

/** Where the reading of a paper's drafts stands. */
export interface DraftsReading {
  status: 'pending' | 'ready' | 'failed';
  reason: string | null;
  drafts: unknown[];
  /** Pages read so far while OCR runs (absent when the service does not say). */
  progress?: { pagesRead: number; pages: number } | null;
}

/** Reads where a paper's drafts stand (`GET /papers/:id/drafts`); rejects with an ApiError. */
export async function readDraftsReading(paperId: string): Promise<DraftsReading> {
  const token = await currentToken();
  const response = await fetch(paths.paperDraftsApi(paperId), {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  if (!response.ok) throw await fileError(response);
  return ((await response.json()) as { data: DraftsReading }).data;
}

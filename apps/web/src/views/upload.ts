// The paper-file route of the REST API, through the page's own origin: its errors as ApiErrors,
// and the upload with progress (XMLHttpRequest: fetch reports no upload progress).
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

/** PUTs `file` as the paper's PDF, reporting the fraction sent; rejects with an ApiError. */
export async function uploadPaperFile(
  paperId: string,
  file: Blob,
  onProgress: (fraction: number) => void,
): Promise<void> {
  const token = await currentToken();
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('PUT', paths.paperFile(paperId));
    request.setRequestHeader('content-type', 'application/pdf');
    if (token) request.setRequestHeader('authorization', `Bearer ${token}`);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    request.onload = () => {
      if (request.status >= 200 && request.status < 300) {
        onProgress(1);
        resolve();
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

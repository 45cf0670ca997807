// Retries of the REST client, safe by construction: only a read, or a POST that carries an
// Idempotency-Key (the same key on every attempt: the server replays its first answer instead of
// creating twice). A request is retried when no answer came (network error) or the answer says
// to try again: 502, 503, 504, or 409 with Retry-After (the first attempt is still being served).
import { retryAfterOf } from './errors.js';

/** Statuses worth another attempt. */
const RETRIABLE_STATUSES = new Set([502, 503, 504]);

/** Methods that change nothing, always safe to repeat. */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The header a POST's key travels in. */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';

export interface RetryOptions {
  /** Attempts after the first (0: none). */
  retries: number;
  /** Wait before retry n (1-based) when the answer names none: 250 ms doubled each time by default. */
  delayMs?: (attempt: number) => number;
}

function isRepeatable(request: Request): boolean {
  return SAFE_METHODS.has(request.method) || request.headers.has(IDEMPOTENCY_HEADER);
}

function shouldRetry(request: Request, response: Response): boolean {
  if (RETRIABLE_STATUSES.has(response.status)) return true;
  return (
    response.status === 409 &&
    request.headers.has(IDEMPOTENCY_HEADER) &&
    retryAfterOf(response) !== undefined
  );
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** `fetch` with retries as above; every attempt sends a copy of the same request (key included). */
export function retryingFetch(
  fetch: (input: Request) => Promise<Response>,
  options: RetryOptions,
): (input: Request) => Promise<Response> {
  const delayOf = options.delayMs ?? ((attempt: number) => 250 * 2 ** (attempt - 1));
  return async (request) => {
    if (options.retries <= 0 || !isRepeatable(request)) return fetch(request);
    for (let attempt = 1; ; attempt += 1) {
      const isLast = attempt > options.retries;
      let response: Response;
      try {
        response = await fetch(isLast ? request : request.clone());
      } catch (error) {
        if (isLast) throw error;
        await wait(delayOf(attempt));
        continue;
      }
      if (isLast || !shouldRetry(request, response)) return response;
      const after = retryAfterOf(response);
      await response.body?.cancel();
      await wait(after !== undefined ? after * 1000 : delayOf(attempt));
    }
  };
}

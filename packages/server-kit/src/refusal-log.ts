// Refused requests (4xx) are logged cheaply: one line without a stack, at most REFUSAL_LINE_BYTES
// long, and a 429 once per client and window at most. A flood of refused requests must not cost
// more than it is worth (a stack per 429 once grew the log by about 3 MB/s). Errors (5xx) keep
// their stack: see recordError in errors.ts.
import type { Response } from 'express';
import type { Logger } from 'pino';

/** The longest a refusal's log line may be, newline included. */
export const REFUSAL_LINE_BYTES = 300;

/** What the error handler learnt about a refused request, for the request's log line. */
export interface Refusal {
  code: string;
  message: string;
  /** Not worth a line: a 429 after the first of its client's window. */
  isQuiet: boolean;
}

const refusals = new WeakMap<Response, Refusal>();

/** Records why a request was refused; its log line (httpLogger) carries it. */
export function noteRefusal(res: Response, refusal: Refusal): void {
  refusals.set(res, refusal);
}

/** Why the request of `res` was refused, if the error handler said so. */
export function refusalOf(res: Response): Refusal | undefined {
  return refusals.get(res);
}

export interface RefusalLine {
  reqId: string;
  method: string;
  path: string;
  status: number;
  code: string | undefined;
  message: string;
}

/** A sample of pino's own fields, as long as the real ones: level and ISO time. */
const PINO_FIELDS = { level: 40, time: '2026-01-01T00:00:00.000Z' };

function byteLength(value: unknown): number {
  return Buffer.byteLength(JSON.stringify(value));
}

/** `text` cut (by characters) so that, JSON-encoded with its quotes, it takes at most `bytes`. */
function cut(text: string, bytes: number): string {
  if (byteLength(text) <= bytes) return text;
  let end = Math.min(text.length, bytes);
  while (end > 0 && byteLength(`${text.slice(0, end)}…`) > bytes) end -= 1;
  return end > 0 ? `${text.slice(0, end)}…` : '';
}

/**
 * Writes one warning for a refused request, cut so the whole line fits in REFUSAL_LINE_BYTES:
 * `{reqId, req: {method, path}, res: {statusCode}, msg: "CODE: message"}`. The path and the
 * message share the room left (a request id over 64 characters is cut too).
 */
export function logRefusal(logger: Logger, line: RefusalLine): void {
  if (!logger.isLevelEnabled('warn')) return;
  const reqId = cut(line.reqId, 66);
  const text = line.code ? `${line.code}: ${line.message}` : line.message;
  const fields = (path: string) => ({
    reqId,
    req: { method: line.method, path },
    res: { statusCode: line.status },
  });
  const skeleton = { ...PINO_FIELDS, ...logger.bindings(), ...fields(''), msg: '' };
  // Room for the path and the message, their quotes included: the two empty strings' 4 bytes
  // come back, the newline goes.
  const room = REFUSAL_LINE_BYTES - 1 - byteLength(skeleton) + 4;
  const path = cut(line.path, Math.max(2, Math.floor(room / 2)));
  const msg = cut(text, Math.max(2, room - byteLength(path)));
  logger.warn(fields(path), msg);
}

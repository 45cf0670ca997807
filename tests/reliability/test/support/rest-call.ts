// One REST request of a test to an app process: JSON or a PDF (a Buffer) as the body, the
// answer's status and parsed body back.
import type { ServiceProcess } from './processes.js';

export interface RestAnswer {
  status: number;
  body: any;
}

/** Sends `body` (a Buffer as application/pdf, anything else as JSON) with `token`. */
export async function restCall(
  app: ServiceProcess,
  token: string,
  method: string,
  path: string,
  { body, timeoutMs }: { body?: unknown; timeoutMs: number },
): Promise<RestAnswer> {
  const isPdf = Buffer.isBuffer(body);
  const res = await fetch(`${app.url}/api/v1${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined
        ? {}
        : { 'content-type': isPdf ? 'application/pdf' : 'application/json' }),
    },
    body: body === undefined ? undefined : isPdf ? body : JSON.stringify(body),
    signal: AbortSignal.timeout(timeoutMs),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

/** A JSON request to a full URL, signed in with `token` or anonymous (null). */
export async function jsonCall(
  url: string,
  method: string,
  token: string | null,
  body?: unknown,
): Promise<RestAnswer> {
  const res = await fetch(url, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  return { status: res.status, body: await res.json().catch(() => null) };
}

// Small HTTP helpers for the tests: JSON in, JSON out, with an optional bearer token.
export interface ApiResponse {
  status: number;
  headers: Headers;
  /** Parsed JSON body, or null when there is none. */
  body: any;
  text: string;
}

export interface CallOptions {
  token?: string | undefined;
  body?: unknown;
  /** A body sent as is (no JSON encoding). */
  rawBody?: string;
  headers?: Record<string, string>;
}

export type Call = (method: string, path: string, options?: CallOptions) => Promise<ApiResponse>;

/** A caller bound to an app's base URL; paths are under /api/v1 unless they start with /api. */
export function client(baseUrl: string): Call {
  return async (method, path, options = {}) => {
    const headers: Record<string, string> = { ...options.headers };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    // fetch adds `Cache-Control: no-cache` to conditional requests (the Fetch standard), which
    // rightly disables 304; a browser revalidating sends `max-age=0` instead.
    if (headers['if-none-match'] && !headers['cache-control'])
      headers['cache-control'] = 'max-age=0';
    let body: string | undefined;
    if (options.rawBody !== undefined) body = options.rawBody;
    else if (options.body !== undefined) body = JSON.stringify(options.body);
    if (body !== undefined && !headers['content-type'])
      headers['content-type'] = 'application/json';
    const url = `${baseUrl}${path.startsWith('/api') ? path : `/api/v1${path}`}`;
    const res = await fetch(url, { method: method.toUpperCase(), headers, body });
    const text = await res.text();
    let parsed: unknown = null;
    if (text && (res.headers.get('content-type') ?? '').includes('json')) parsed = JSON.parse(text);
    return { status: res.status, headers: res.headers, body: parsed, text };
  };
}

// Clients for instances of either app, as a load balancer would reach them: every request can
// carry the client's address in X-Forwarded-For (the instances run with TRUST_PROXY=1).
import type { ServiceProcess } from '../../../reliability/test/support/processes.js';

/** A REST envelope or a GraphQL response, as far as these tests read them. */
export interface ReplyBody {
  data?: unknown;
  error?: { code?: string };
  errors?: { extensions?: { code?: string } }[];
}

export interface Reply {
  /** HTTP status; 0 when the request never got an answer (connection refused or reset). */
  status: number;
  body: ReplyBody | null;
  /** The GraphQL error code or the REST error code, when there is one. */
  errorCode?: string;
}

let nextAddress = 0;

/** A client address never used before in this process (TEST-NET-2 and TEST-NET-3 ranges). */
export function freshClientIp(): string {
  nextAddress += 1;
  const block = nextAddress < 250 * 250 ? '198.51' : '203.0';
  return `${block}.${Math.floor(nextAddress / 250) % 250}.${(nextAddress % 250) + 1}`;
}

interface Options {
  token?: string;
  body?: unknown;
  ip?: string;
}

async function send(url: string, method: string, options: Options): Promise<Reply> {
  try {
    const res = await fetch(url, {
      method,
      headers: {
        'x-forwarded-for': options.ip ?? freshClientIp(),
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
        ...(options.body ? { 'content-type': 'application/json' } : {}),
      },
      ...(options.body ? { body: JSON.stringify(options.body) } : {}),
    });
    const body = (await res.json().catch(() => null)) as ReplyBody | null;
    const errorCode = body?.error?.code ?? body?.errors?.[0]?.extensions?.code;
    return { status: res.status, body, ...(errorCode ? { errorCode } : {}) };
  } catch {
    return { status: 0, body: null };
  }
}

/** A REST call on one instance: `rest(instance, 'GET', '/universities')`. */
export function rest(
  instance: ServiceProcess,
  method: string,
  path: string,
  options: Options = {},
): Promise<Reply> {
  return send(`${instance.url}/api/v1${path}`, method, options);
}

/** A GraphQL operation on one gateway instance. */
export function graphql(
  instance: ServiceProcess,
  query: string,
  variables: Record<string, unknown> = {},
  options: Omit<Options, 'body'> = {},
): Promise<Reply> {
  return send(`${instance.url}/graphql`, 'POST', { ...options, body: { query, variables } });
}

/** The reply's `data` (REST envelope or GraphQL), typed by the caller who knows the route. */
export function dataOf<T>(reply: Reply): T {
  return reply.body?.data as T;
}

/** True when the write was acknowledged: 2xx, and for GraphQL no error. */
export function isAcknowledged(reply: Reply): boolean {
  return reply.status >= 200 && reply.status < 300 && !reply.body?.errors;
}

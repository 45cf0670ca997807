// Forwards a request to an upstream on another port (the gateway, the REST API), so the browser
// talks to one origin only and needs no CORS. Every path forwarded names the visitor the same way
// (visitor.ts): each upstream, trusting this one hop (TRUST_PROXY), counts each visitor's own
// rate-limit budget, and a client cannot name itself someone else to get a fresh one.
import { request as httpRequest } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { withPersistedText } from './persisted-documents.js';
import { visitorHeaders } from './visitor.js';

/** Hop-by-hop headers, which belong to one connection and are never forwarded. */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);

const UPSTREAM_TIMEOUT_MS = 30_000;

export interface ProxyOptions {
  /** Request headers the upstream reads; nothing else (cookies included) is forwarded. */
  requestHeaders: readonly string[];
  /** Names the upstream in the error sent when it cannot be reached. */
  upstreamName: string;
  /** The error body in the upstream's own shape. */
  errorBody: (message: string) => unknown;
}

function unavailable(res: ServerResponse, status: number, body: unknown): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  res.end(JSON.stringify(body));
}

/**
 * A handler forwarding each request to `base` + the path it is given (query string kept by the
 * caller), streaming both bodies, the upstream's status and headers unchanged.
 */
export function proxyTo(base: string, options: ProxyOptions) {
  const upstream = new URL(base);
  const send = upstream.protocol === 'https:' ? httpsRequest : httpRequest;
  const prefix = upstream.pathname.replace(/\/$/, '');
  return (
    req: IncomingMessage,
    res: ServerResponse,
    path: string,
    answerHeaders: (headers: Record<string, string | string[]>) => void = () => undefined,
  ): void => {
    const headers: Record<string, string> = {};
    for (const name of options.requestHeaders) {
      const value = req.headers[name];
      if (typeof value === 'string') headers[name] = value;
    }
    Object.assign(headers, visitorHeaders(req));

    const outgoing = send(
      {
        protocol: upstream.protocol,
        hostname: upstream.hostname,
        port: upstream.port,
        path: `${prefix}${path}`,
        method: req.method,
        headers,
        timeout: UPSTREAM_TIMEOUT_MS,
      },
      (answer) => {
        const forwarded: Record<string, string | string[]> = {};
        for (const [name, value] of Object.entries(answer.headers)) {
          if (value !== undefined && !HOP_BY_HOP.has(name)) forwarded[name] = value;
        }
        answerHeaders(forwarded);
        res.writeHead(answer.statusCode ?? 502, forwarded);
        answer.pipe(res);
      },
    );
    outgoing.on('timeout', () => {
      outgoing.destroy();
      unavailable(
        res,
        504,
        options.errorBody(`The ${options.upstreamName} did not answer in time`),
      );
    });
    outgoing.on('error', () =>
      unavailable(res, 502, options.errorBody(`The ${options.upstreamName} cannot be reached`)),
    );
    req.pipe(outgoing);
  };
}

/**
 * `/graphql`, forwarded to the gateway's endpoint; a GET of one of the page's persisted queries
 * with its text added (persisted-documents.ts).
 */
export function graphqlProxy(target: string) {
  const forward = proxyTo(target, {
    requestHeaders: [
      'accept',
      'authorization',
      'content-type',
      'content-length',
      'if-none-match',
      'x-request-id',
      'apollo-require-preflight',
      'user-agent',
    ],
    upstreamName: 'GraphQL gateway',
    errorBody: (message) => ({
      errors: [{ message, extensions: { code: 'SERVICE_UNAVAILABLE' } }],
    }),
  });
  return (req: IncomingMessage, res: ServerResponse, search: string) =>
    forward(req, res, req.method === 'GET' ? withPersistedText(search) : search);
}

/**
 * `/api/v1/papers/:id/file` (download, upload), forwarded to the REST API with the caller's token.
 * `?disposition=inline` (this server's own parameter, not forwarded) answers the PDF to be shown
 * in the browser rather than saved.
 */
export function paperFileProxy(restBase: string) {
  const forward = proxyTo(restBase, {
    requestHeaders: [
      'accept',
      'authorization',
      'content-type',
      'content-length',
      'range',
      'if-range',
      'if-none-match',
      'idempotency-key',
      'x-request-id',
      'user-agent',
    ],
    upstreamName: 'REST API',
    errorBody: (message) => ({
      success: false,
      error: { code: 'SERVICE_UNAVAILABLE', message },
    }),
  });
  return (req: IncomingMessage, res: ServerResponse, path: string, search: URLSearchParams) => {
    const inline = search.get('disposition') === 'inline';
    const rest = new URLSearchParams(search);
    rest.delete('disposition');
    const query = rest.toString();
    forward(req, res, `${path}${query ? `?${query}` : ''}`, (headers) => {
      const disposition = headers['content-disposition'];
      if (inline && typeof disposition === 'string') {
        headers['content-disposition'] = disposition.replace(/^attachment/i, 'inline');
      }
    });
  };
}

// The page calls `/graphql` on its own origin; this forwards it to the gateway, so the browser
// needs no CORS and no other origin. The address of the connection it accepted goes along in
// X-Forwarded-For, replacing whatever the client sent there: the gateway, trusting this one hop
// (TRUST_PROXY), counts each visitor's own rate-limit budget, and a client cannot name itself
// someone else to get a fresh one.
import { request as httpRequest } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { request as httpsRequest } from 'node:https';

/** Request headers the gateway reads; nothing else (cookies included) is forwarded. */
const FORWARDED_REQUEST_HEADERS = [
  'accept',
  'authorization',
  'content-type',
  'content-length',
  'x-request-id',
  'apollo-require-preflight',
  'user-agent',
];

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

function unavailable(res: ServerResponse, status: number, message: string): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  res.end(JSON.stringify({ errors: [{ message, extensions: { code: 'SERVICE_UNAVAILABLE' } }] }));
}

/** A handler forwarding each request to `target` (the gateway's `/graphql` URL), query string kept. */
export function graphqlProxy(target: string) {
  const upstream = new URL(target);
  const send = upstream.protocol === 'https:' ? httpsRequest : httpRequest;
  return (req: IncomingMessage, res: ServerResponse, search: string): void => {
    const headers: Record<string, string> = {};
    for (const name of FORWARDED_REQUEST_HEADERS) {
      const value = req.headers[name];
      if (typeof value === 'string') headers[name] = value;
    }
    // Never the client's own X-Forwarded-For: it would be trusted as this server's word.
    const client = req.socket.remoteAddress;
    if (client) headers['x-forwarded-for'] = client;

    const outgoing = send(
      {
        protocol: upstream.protocol,
        hostname: upstream.hostname,
        port: upstream.port,
        path: `${upstream.pathname}${search}`,
        method: req.method,
        headers,
        timeout: UPSTREAM_TIMEOUT_MS,
      },
      (answer) => {
        const forwarded: Record<string, string | string[]> = {};
        for (const [name, value] of Object.entries(answer.headers)) {
          if (value !== undefined && !HOP_BY_HOP.has(name)) forwarded[name] = value;
        }
        res.writeHead(answer.statusCode ?? 502, forwarded);
        answer.pipe(res);
      },
    );
    outgoing.on('timeout', () => {
      outgoing.destroy();
      unavailable(res, 504, 'The GraphQL gateway did not answer in time');
    });
    outgoing.on('error', () => unavailable(res, 502, 'The GraphQL gateway cannot be reached'));
    req.pipe(outgoing);
  };
}

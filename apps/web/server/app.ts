// The web page's server: the built page (static files) and `/graphql`, forwarded to the gateway.
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import { graphqlProxy } from './graphql-proxy.js';
import { staticFiles } from './static-files.js';

export interface WebServerOptions {
  /** Folder of the built page: index.html and assets/. */
  staticDir: string;
  /** The gateway's endpoint that `/graphql` is forwarded to. */
  graphqlUrl: string;
}

/**
 * The page may load only its own files and talk only to its own origin: no CDN, no inline
 * script, no web font, no other host.
 */
const SECURITY_HEADERS = {
  'content-security-policy':
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; " +
    "connect-src 'self'; font-src 'none'; object-src 'none'; base-uri 'none'; " +
    "form-action 'self'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'x-frame-options': 'DENY',
  'cross-origin-opener-policy': 'same-origin',
};

/** Builds the server without listening. */
export function createWebServer(options: WebServerOptions): Server {
  const files = staticFiles(options.staticDir);
  const proxy = graphqlProxy(options.graphqlUrl);
  return createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname === '/graphql') {
      proxy(req, res, url.search);
      return;
    }
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) res.setHeader(name, value);
    files(req, res, url.pathname).catch(() => {
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
      res.end('Internal server error\n');
    });
  });
}

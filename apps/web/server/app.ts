// The web page's server: the built page (static files, and index.html for the page's own routes),
// `/graphql` forwarded to the gateway and a paper's PDF forwarded to the REST API.
import { createServer } from 'node:http';
import type { IncomingMessage, Server } from 'node:http';
import { clerkFrontendApiHost } from './clerk.js';
import { firstData, firstDataElement } from './first-data.js';
import { SERVER_ROOT_ID } from './first-page.js';
import { firstScreenDrawer } from './first-screen.js';
import { graphqlProxy, paperFileProxy } from './proxy.js';
import { sourceMapPolicy } from './source-maps.js';
import { staticFiles } from './static-files.js';
import { visitorHeaders } from './visitor.js';

export interface WebServerOptions {
  /** Folder of the built page: index.html and assets/. */
  staticDir: string;
  /** The gateway's endpoint that `/graphql` is forwarded to. */
  graphqlUrl: string;
  /** The REST API's base (…/api/v1) that `/api/v1/papers/:id/file` is forwarded to. */
  restUrl: string;
  /** With a Clerk publishable key the page signs in with Clerk; without, by pasted token. */
  clerkPublishableKey?: string | undefined;
  /** Serve the scripts' source maps (WEB_SOURCE_MAPS); off (the default), `*.map` is 404. */
  sourceMaps?: boolean | undefined;
}

/**
 * The REST routes the page calls itself (the rest goes through GraphQL): a paper's PDF, a paper
 * made from its PDF, and the drafts' reading (their `progress` while OCR runs).
 */
const PAPER_FILE = /^\/api\/v1(\/papers\/(?:[^/]+\/file|from-pdf|[^/]+\/drafts))$/;

/**
 * The page may load only its own files and talk only to its own origin: no CDN, no inline
 * script, no web font, no other host. With Clerk, exactly Clerk's frontend API host is added
 * (its script, its API, its images and frames), and inline styles, which Clerk's components use.
 */
export function contentSecurityPolicy(clerkHost?: string): string {
  const clerk = clerkHost ? ` https://${clerkHost}` : '';
  return [
    "default-src 'self'",
    `script-src 'self'${clerk}`,
    `style-src 'self'${clerk ? " 'unsafe-inline'" : ''}`,
    `img-src 'self' data:${clerk}`,
    `connect-src 'self'${clerk}`,
    `frame-src ${clerk ? clerk.trim() : "'none'"}`,
    "worker-src 'self' blob:",
    "font-src 'none'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** Builds the server without listening. */
export function createWebServer(options: WebServerOptions): Server {
  const clerkHost = options.clerkPublishableKey
    ? clerkFrontendApiHost(options.clerkPublishableKey)
    : undefined;
  const securityHeaders = {
    'content-security-policy': contentSecurityPolicy(clerkHost),
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
    'x-frame-options': 'DENY',
    'cross-origin-opener-policy': 'same-origin',
  };
  // With Clerk the first request is signed in, so the anonymous first data would not be its own.
  // The screen drawn from the data comes first, so the browser paints it before parsing the rest.
  const drawFirstScreen = firstScreenDrawer(options.staticDir);
  const pageEnd = clerkHost
    ? undefined
    : async (req: IncomingMessage, url: URL) => {
        const data = await firstData(options.graphqlUrl, url, visitorHeaders(req));
        if (!data) return '';
        const screen = await drawFirstScreen(url, data);
        const drawn = screen ? `<div id="${SERVER_ROOT_ID}">${screen}</div>` : '';
        return drawn + firstDataElement(data);
      };
  const files = staticFiles(
    options.staticDir,
    { 'qpc-clerk-publishable-key': options.clerkPublishableKey ?? '' },
    pageEnd,
  );
  const sourceMaps = sourceMapPolicy({
    staticDir: options.staticDir,
    isServed: options.sourceMaps === true,
  });
  const graphql = graphqlProxy(options.graphqlUrl);
  const paperFile = paperFileProxy(options.restUrl);
  return createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname === '/graphql') {
      graphql(req, res, url.search);
      return;
    }
    const file = PAPER_FILE.exec(url.pathname);
    if (file) {
      paperFile(req, res, file[1]!, url.searchParams);
      return;
    }
    for (const [name, value] of Object.entries(securityHeaders)) res.setHeader(name, value);
    if (sourceMaps(res, url.pathname)) return;
    files(req, res, url).catch(() => {
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
      res.end('Internal server error\n');
    });
  });
}

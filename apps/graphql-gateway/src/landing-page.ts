// An offline GraphiQL for development: the page, its scripts and styles are served by the
// gateway itself from node_modules, so it works without internet access and under a CSP that
// allows 'self' only (no inline script, no CDN).
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { Router } from 'express';
import type { NextFunction, Request, Response } from 'express';

const require = createRequire(import.meta.url);

function packageDir(name: string): string {
  return dirname(require.resolve(`${name}/package.json`));
}

/** Where the page's files are served from. */
export const ASSETS_PATH = '/graphiql/assets';

/** The vendor files the page loads, by the name they are served under. */
const VENDOR_FILES: Record<string, string> = {
  'react.production.min.js': join(packageDir('react'), 'umd', 'react.production.min.js'),
  'react-dom.production.min.js': join(
    packageDir('react-dom'),
    'umd',
    'react-dom.production.min.js',
  ),
  'graphiql.min.js': join(packageDir('graphiql'), 'graphiql.min.js'),
  'graphiql.min.css': join(packageDir('graphiql'), 'graphiql.min.css'),
};

/**
 * Only what the page needs: its own scripts and styles, the data: URIs of GraphiQL's fonts and
 * icons, and requests to this origin.
 */
export const LANDING_PAGE_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

const DEFAULT_QUERY = `# Catalog GraphQL gateway. Add a token under Headers:
# { "Authorization": "Bearer <token>" }
{
  universities(limit: 5) {
    items { name slug branches { name semesters { number } } }
    pagination { total }
  }
}
`;

const INIT_SCRIPT = `'use strict';
(function () {
  var fetcher = GraphiQL.createFetcher({ url: new URL('/graphql', window.location.href).toString() });
  var root = ReactDOM.createRoot(document.getElementById('graphiql'));
  root.render(
    React.createElement(GraphiQL, {
      fetcher: fetcher,
      defaultEditorToolsVisibility: true,
      defaultQuery: ${JSON.stringify(DEFAULT_QUERY)},
    }),
  );
})();
`;

const PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Catalog GraphQL gateway</title>
    <link rel="stylesheet" href="${ASSETS_PATH}/graphiql.min.css" />
    <link rel="stylesheet" href="${ASSETS_PATH}/page.css" />
  </head>
  <body>
    <div id="graphiql">Loading GraphiQL...</div>
    <script src="${ASSETS_PATH}/react.production.min.js"></script>
    <script src="${ASSETS_PATH}/react-dom.production.min.js"></script>
    <script src="${ASSETS_PATH}/graphiql.min.js"></script>
    <script src="${ASSETS_PATH}/init.js"></script>
  </body>
</html>
`;

const PAGE_CSS = 'html, body, #graphiql { height: 100%; margin: 0; }\n';

function withCsp(_req: Request, res: Response, next: NextFunction): void {
  res.setHeader('Content-Security-Policy', LANDING_PAGE_CSP);
  next();
}

function wantsHtml(req: Request): boolean {
  return (
    req.accepts(['application/json', 'application/graphql-response+json', 'text/html']) ===
    'text/html'
  );
}

/**
 * GraphiQL at GET /graphiql, and at GET /graphql for a browser (Accept prefers text/html);
 * other GETs of /graphql go on to Apollo. Mount only outside production.
 */
export function landingPageRouter(): Router {
  const router = Router();
  const sendPage = (_req: Request, res: Response) => {
    res.setHeader('Cache-Control', 'no-store');
    res.type('html').send(PAGE);
  };
  router.get('/graphiql', withCsp, sendPage);
  router.get('/graphql', (req, res, next) => {
    if (!wantsHtml(req)) {
      next();
      return;
    }
    withCsp(req, res, () => sendPage(req, res));
  });
  router.get(`${ASSETS_PATH}/init.js`, withCsp, (_req, res) => {
    res.type('application/javascript').send(INIT_SCRIPT);
  });
  router.get(`${ASSETS_PATH}/page.css`, withCsp, (_req, res) => {
    res.type('text/css').send(PAGE_CSS);
  });
  for (const [name, file] of Object.entries(VENDOR_FILES)) {
    // One route per file: nothing else of the package directories is reachable.
    router.get(`${ASSETS_PATH}/${name}`, withCsp, (_req, res, next) => {
      // The absolute path passes through pnpm's `.pnpm` folder, which `send` would treat as a dotfile.
      res.sendFile(file, { maxAge: '1d', dotfiles: 'allow' }, (error) => {
        if (error) next(error);
      });
    });
  }
  return router;
}

// The OpenAPI document and an interactive reference that works offline: Swagger UI's files are
// served by the app itself, and the page has no inline script (helmet's CSP forbids it).
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import express, { Router } from 'express';
import type { Express } from 'express';
import { refuseQueryParameters } from '@qpc/server-kit';
import { buildOpenApiDocument } from '../openapi/document.js';
import type { OpenApiDocument } from '../openapi/document.js';
import type { RouteDefinition } from './route.js';
import { API_PREFIX } from './route.js';

const ASSETS = `${API_PREFIX}/docs/assets`;

/** Swagger UI's distribution folder, found without loading its bundle into Node. */
function swaggerUiDirectory(): string {
  return dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
}

const PAGE = `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>Question-Paper Catalog API reference</title>
  <link rel="stylesheet" href="${ASSETS}/swagger-ui.css">
  <link rel="icon" type="image/png" href="${ASSETS}/favicon-32x32.png">
</head>
<body>
  <div id="swagger-ui"></div>
  <script src="${ASSETS}/swagger-ui-bundle.js"></script>
  <script src="${ASSETS}/docs-init.js"></script>
</body>
</html>
`;

// validatorUrl null: the default validator badge would call swagger.io.
const INITIALIZER = `window.addEventListener('load', function () {
  window.ui = SwaggerUIBundle({
    url: '${API_PREFIX}/openapi.json',
    dom_id: '#swagger-ui',
    deepLinking: true,
    validatorUrl: null,
    tryItOutEnabled: false,
    presets: [SwaggerUIBundle.presets.apis],
    layout: 'BaseLayout'
  });
});
`;

/** The reference's own paths (under the API prefix), for the method guard. */
export const DOCS_ROUTES = ['/openapi.json', '/docs', '/docs/assets/:file'] as const;

/**
 * `GET /openapi.json`, `GET /docs` and the reference's assets under `/docs/assets`, each mounted
 * at its own path: an API request passes them by a prefix test or two.
 */
export function mountDocs(
  app: Express,
  routes: readonly RouteDefinition[],
  info: { version: string },
): void {
  // Built at start, so a schema the generator cannot describe stops the start instead of the first reader.
  const document: OpenApiDocument = buildOpenApiDocument(routes, info);
  // Kept as its text: one string instead of a large object graph every collection walks.
  const documentText = JSON.stringify(document);
  app.get(`${API_PREFIX}/openapi.json`, refuseQueryParameters(), (_req, res) => {
    res.type('json').send(documentText);
  });
  const pages = Router();
  pages.get('/', refuseQueryParameters(), (_req, res) => {
    res.type('html').send(PAGE);
  });
  pages.get('/assets/docs-init.js', (_req, res) => {
    res.type('application/javascript').send(INITIALIZER);
  });
  pages.use('/assets', express.static(swaggerUiDirectory(), { index: false, redirect: false }));
  app.use(`${API_PREFIX}/docs`, pages);
}

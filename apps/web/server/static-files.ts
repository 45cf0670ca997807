// The built page's files: only GET and HEAD, only inside the folder, with their types and a
// cache policy (hashed assets forever, the HTML page revalidated). A path without an extension
// outside assets/ is one of the page's own routes (/search, /p/...): it gets index.html.
import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, resolve, sep } from 'node:path';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
};

function plain(res: ServerResponse, status: number, text: string, headers = {}): void {
  res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', ...headers });
  res.end(text);
}

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

/** index.html with the given `<meta name=... content="">` tags filled in. */
function withMeta(html: string, meta: Record<string, string>): string {
  let out = html;
  for (const [name, content] of Object.entries(meta)) {
    out = out.replace(
      `<meta name="${name}" content="" />`,
      `<meta name="${name}" content="${escapeAttribute(content)}" />`,
    );
  }
  return out;
}

/** The file a URL path names inside `root`, or null when it would leave it. */
export function fileFor(root: string, pathname: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return null;
  }
  if (decoded.includes('\0')) return null;
  const file = resolve(join(root, decoded === '/' ? 'index.html' : decoded));
  return file === root || file.startsWith(root + sep) ? file : null;
}

/** The files the build also wrote compressed (vite.config.ts), and their encodings by preference. */
const COMPRESSIBLE = new Set(['.js', '.css', '.svg']);
const ENCODINGS = [
  { encoding: 'br', suffix: '.br' },
  { encoding: 'gzip', suffix: '.gz' },
] as const;

/** The compressed copy of `file` the request accepts (`Accept-Encoding`), when the build wrote one. */
async function precompressed(file: string, accepted: string | undefined) {
  if (!accepted || !COMPRESSIBLE.has(extname(file))) return undefined;
  const names = new Set(
    accepted
      .split(',')
      .map((entry) =>
        entry
          .trim()
          .toLowerCase()
          .split(/\s*;\s*/),
      )
      .filter(([, quality]) => !/^q=0(\.0*)?$/.test(quality ?? ''))
      .map(([name]) => name),
  );
  for (const { encoding, suffix } of ENCODINGS) {
    if (!names.has(encoding)) continue;
    const info = await stat(file + suffix).catch(() => null);
    if (info?.isFile()) return { encoding, file: file + suffix, size: info.size };
  }
  return undefined;
}

/** A route of the page rather than a file: no extension, not under /assets or /api. */
function isPageRoute(pathname: string): boolean {
  return !extname(pathname) && !/^\/(assets|api)(\/|$)/.test(pathname);
}

/** What the page's end carries for a request (its first data), or '' for nothing. */
export type PageEnd = (req: IncomingMessage, url: URL) => Promise<string>;

/**
 * Serves `root`'s files, and index.html (with `meta` filled in) for the page's routes. The page
 * is sent in two parts: all of it up to `</body>` at once (so the browser fetches the script
 * meanwhile), then what `pageEnd` gives, then the rest.
 */
export function staticFiles(
  directory: string,
  meta: Record<string, string>,
  pageEnd: PageEnd = async () => '',
) {
  const root = resolve(directory);
  let page: Promise<Buffer> | undefined;
  const indexHtml = () =>
    (page ??= readFile(join(root, 'index.html'), 'utf8').then((html) =>
      Buffer.from(withMeta(html, meta)),
    ));
  return async (req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> => {
    const { pathname } = url;
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      plain(res, 405, 'Method not allowed\n', { allow: 'GET, HEAD' });
      return;
    }
    const file = fileFor(root, pathname);
    const info = file ? await stat(file).catch(() => null) : null;
    const isIndex = pathname === '/' || pathname === '/index.html';
    if (file && (isIndex || (!info?.isFile() && isPageRoute(pathname)))) {
      const html = await indexHtml();
      res.writeHead(200, { 'content-type': TYPES['.html']!, 'cache-control': 'no-cache' });
      if (req.method === 'HEAD') {
        res.end();
        return;
      }
      const cut = html.lastIndexOf('</body>');
      res.write(html.subarray(0, cut));
      const end = await pageEnd(req, url).catch(() => '');
      res.end(Buffer.concat([Buffer.from(end), html.subarray(cut)]));
      return;
    }
    if (!file || !info?.isFile()) {
      plain(res, 404, 'Not found\n');
      return;
    }
    const isAsset = pathname.startsWith('/assets/');
    const encoded = await precompressed(file, req.headers['accept-encoding']);
    res.writeHead(200, {
      'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
      'content-length': encoded?.size ?? info.size,
      'cache-control': isAsset ? 'public, max-age=31536000, immutable' : 'no-cache',
      'last-modified': info.mtime.toUTCString(),
      ...(encoded ? { 'content-encoding': encoded.encoding } : {}),
      ...(COMPRESSIBLE.has(extname(file)) ? { vary: 'accept-encoding' } : {}),
    });
    if (req.method === 'HEAD') {
      res.end();
      return;
    }
    createReadStream(encoded?.file ?? file).pipe(res);
  };
}

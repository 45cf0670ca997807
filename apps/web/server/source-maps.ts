// The build writes each script's source map beside it but names it nowhere inside the script
// (vite.config.ts, `sourcemap: 'hidden'`), so one build serves both choices of WEB_SOURCE_MAPS.
import { existsSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { basename } from 'node:path';
import { fileFor } from './static-files.js';

/**
 * What the page's server does with source maps. Off (production's default): a `*.map` is 404,
 * so 1.4 MB of the page's source is not handed out. On: a built script's answer links its map by
 * a `SourceMap` header, which browser developer tools follow as they would the script's comment.
 * Returns true when it has answered the request itself.
 */
export function sourceMapPolicy(options: { staticDir: string; isServed: boolean }) {
  return (res: ServerResponse, pathname: string): boolean => {
    if (pathname.endsWith('.map')) {
      if (options.isServed) return false;
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' });
      res.end('Not found\n');
      return true;
    }
    if (options.isServed && pathname.endsWith('.js')) {
      const file = fileFor(options.staticDir, pathname);
      if (file && existsSync(`${file}.map`)) res.setHeader('sourcemap', `${basename(file)}.map`);
    }
    return false;
  };
}

import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { loadConfig } from '@qpc/config';
import { defineConfig } from 'vite';
import type { Plugin, UserConfig } from 'vite';

/**
 * Each script, style sheet and SVG of the build also written brotli- and gzip-compressed
 * (`x.js.br`, `x.js.gz`), at the highest levels, once: the web server sends the one the browser
 * accepts (server/static-files.ts) without compressing on each request.
 */
function precompress(): Plugin {
  const brotli = promisify(brotliCompress);
  const gz = promisify(gzip);
  let outDir = '';
  let isServerBuild = false;
  return {
    name: 'qpc-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
      isServerBuild = Boolean(config.build.ssr);
    },
    async writeBundle(_options, bundle) {
      // The server's build of the first screen (dist/ssr/) is read from disk, never sent.
      if (isServerBuild) return;
      const files = Object.values(bundle).filter((file) => /\.(js|css|svg)$/.test(file.fileName));
      await Promise.all(
        files.map(async (file) => {
          const source = file.type === 'chunk' ? file.code : file.source;
          const path = join(outDir, file.fileName);
          const params = { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY };
          await writeFile(`${path}.br`, await brotli(source, { params }));
          await writeFile(`${path}.gz`, await gz(source, { level: 9 }));
        }),
      );
    },
  };
}

const build: UserConfig['build'] = {
  outDir: 'dist/public',
  emptyOutDir: true,
  // Maps written but named in no script: the server links them by header, or answers 404 for
  // them when WEB_SOURCE_MAPS is off (production's default; server/source-maps.ts).
  sourcemap: 'hidden',
  // No inline modulepreload polyfill: the page's CSP allows scripts from its own files only.
  modulePreload: { polyfill: false },
};

// React's automatic JSX runtime (no React import in each file), compiled by Vite's own oxc.
const oxc: UserConfig['oxc'] = { jsx: { runtime: 'automatic' } };

export default defineConfig(({ command }) => {
  if (command === 'build') return { build, oxc, plugins: [precompress()] };
  // `vite` (npm run dev) serves the sources with the same /graphql forwarding as the built server.
  const config = loadConfig();
  const gateway = new URL(config.web.graphqlUrl);
  return {
    build,
    oxc,
    server: {
      port: config.web.port,
      strictPort: true,
      proxy: {
        '/graphql': {
          target: gateway.origin,
          changeOrigin: true,
          rewrite: () => `${gateway.pathname}`,
        },
        '/api/v1/papers': {
          target: new URL(config.web.restUrl).origin,
          changeOrigin: true,
          rewrite: (path) => path.replace(/^\/api\/v1/, new URL(config.web.restUrl).pathname),
        },
      },
    },
  };
});

import { loadConfig } from '@qpc/config';
import { defineConfig } from 'vite';
import type { UserConfig } from 'vite';

const build: UserConfig['build'] = {
  outDir: 'dist/public',
  emptyOutDir: true,
  sourcemap: true,
  // No inline modulepreload polyfill: the page's CSP allows scripts from its own files only.
  modulePreload: { polyfill: false },
};

// React's automatic JSX runtime (no React import in each file), compiled by Vite's own oxc.
const oxc: UserConfig['oxc'] = { jsx: { runtime: 'automatic' } };

export default defineConfig(({ command }) => {
  if (command === 'build') return { build, oxc };
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

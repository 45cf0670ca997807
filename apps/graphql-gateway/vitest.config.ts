import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const require = createRequire(import.meta.url);

// The embedded test database of every package. Referenced by path: this app's package.json does
// not list @qpc/ferretdb (the REST API's does), so the package name does not resolve from here.
const ferretdbGlobalSetup = fileURLToPath(
  new URL('../../packages/ferretdb/dist/vitest-global-setup.js', import.meta.url),
);

export default defineConfig({
  resolve: {
    // One graphql instance, as under plain Node: Vite would pick graphql's `module` build
    // (index.mjs) for our sources while Apollo and graphql-tools, loaded by Node, get index.js,
    // and graphql refuses types "from another module or realm".
    alias: [{ find: /^graphql$/, replacement: require.resolve('graphql') }],
  },
  test: {
    globalSetup: [ferretdbGlobalSetup],
    include: ['test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

import { createRequire } from 'node:module';
import { defineConfig } from 'vitest/config';

const require = createRequire(import.meta.url);

export default defineConfig({
  resolve: {
    // One graphql instance, as under plain Node: Vite would pick graphql's `module` build
    // (index.mjs) for our sources while Apollo and graphql-tools, loaded by Node, get index.js,
    // and graphql refuses types "from another module or realm".
    alias: [{ find: /^graphql$/, replacement: require.resolve('graphql') }],
  },
  test: {
    globalSetup: ['@qpc/ferretdb/vitest-global-setup'],
    setupFiles: ['test/support/tokens.ts'],
    include: ['test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

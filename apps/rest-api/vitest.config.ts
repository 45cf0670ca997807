import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    globalSetup: ['@qpc/ferretdb/vitest-global-setup'],
    setupFiles: ['test/support/tokens.ts'],
    include: ['test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

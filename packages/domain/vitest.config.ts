import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    globalSetup: ['@qpc/ferretdb/vitest-global-setup'],
    include: ['src/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Each file gets its own database, so files may run in parallel.
    fileParallelism: true,
  },
});

import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    globalSetup: ['@qpc/ferretdb/vitest-global-setup'],
    include: ['test/**/*.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // These tests start processes and measure timings: one file at a time on small machines.
    fileParallelism: false,
  },
});

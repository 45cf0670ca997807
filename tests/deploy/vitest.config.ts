import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    globalSetup: ['@qpc/ferretdb/vitest-global-setup'],
    include: ['test/**/*.test.ts'],
    // Packaging and the Dockerfiles' builds run real installs and compilers.
    testTimeout: 600_000,
    hookTimeout: 600_000,
    // These tests start processes and builds: one file at a time on small machines.
    fileParallelism: false,
  },
});

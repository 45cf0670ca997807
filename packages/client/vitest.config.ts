import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    globalSetup: ['@qpc/ferretdb/vitest-global-setup'],
    include: ['test/**/*.test.ts'],
    testTimeout: 30_000,
    // Each suite starts both apps as child processes: slow on a loaded machine.
    hookTimeout: 180_000,
  },
});

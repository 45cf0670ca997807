import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    globalSetup: ['@qpc/ferretdb/vitest-global-setup', 'test/support/sample-catalog.ts'],
    include: ['test/**/*.test.ts'],
    testTimeout: 60_000,
    // Each suite starts both apps as child processes and a browser: slow on a loaded machine.
    hookTimeout: 180_000,
    // A page waits on two app processes: on a loaded machine an answer takes well over a second.
    expect: { poll: { timeout: 15_000 } },
    // One browser at a time: the machines have two cores.
    fileParallelism: false,
  },
});

import { defineConfig } from 'vitest/config';

// Each file starts its own PostgreSQL and FerretDB and loads data: on a busy machine that takes
// well past vitest's default 10 s hook limit.
export default defineConfig({
  test: { include: ['src/**/*.test.ts'], testTimeout: 60_000, hookTimeout: 180_000 },
});

import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';

const distModule = new URL('../dist/index.js', import.meta.url).pathname;

/**
 * Runs a process that logs `lines` lines to its standard output (the service's buffered log),
 * then shuts down at once; resolves with what it wrote. Its one libuv thread is kept busy (a key
 * derivation of about 150 ms) while it logs, so the log's first block is still
 * waiting to be written when the shutdown starts.
 */
function logThenShutDown(lines: number) {
  const script = `
    const { pbkdf2 } = await import('node:crypto');
    const { createLogger, installShutdown } = await import(${JSON.stringify(distModule)});
    pbkdf2('secret', 'salt', 150_000, 64, 'sha512', () => undefined);
    const logger = createLogger({ logLevel: 'info' }, { name: 'shutdown-test' });
    for (let i = 0; i < ${lines}; i += 1) logger.info({ i }, 'line');
    const shutdown = installShutdown({
      servers: [],
      logger,
      graceMs: 1000,
      onDrained: async () => logger.info('database closed'),
    });
    void shutdown('test');
  `;
  const child = spawn(process.execPath, ['--input-type=module', '-e', script], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, UV_THREADPOOL_SIZE: '1' },
  });
  let output = '';
  let errors = '';
  child.stdout.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr.on('data', (c: Buffer) => (errors += c.toString()));
  return new Promise<{ code: number | null; output: string; errors: string }>((resolve) =>
    child.on('close', (code) => resolve({ code, output, errors })),
  );
}

describe('shutdown', () => {
  it('when the process exits with log lines still being written, then every line is written once, in order', async () => {
    const lines = 3_000;
    const { code, output, errors } = await logThenShutDown(lines);
    expect(code, errors).toBe(0);
    const entries = output
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { msg: string; i?: number });
    expect(entries.map((e) => e.msg)).toEqual([
      ...Array.from({ length: lines }, () => 'line'),
      'shutting down',
      'servers drained',
      'database closed',
      'stopped',
    ]);
    expect(entries.slice(0, lines).map((e) => e.i)).toEqual(
      Array.from({ length: lines }, (_, i) => i),
    );
  });
});

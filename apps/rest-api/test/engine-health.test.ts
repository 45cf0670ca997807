// `npm start` runs the embedded engine in its own process and its supervisor writes the restart
// record to a file (EMBEDDED_ENGINE_STATUS_FILE); the apps it starts report that record in
// detailed health. The record here is what the supervisor writes (`EngineSupervision`).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { useApp } from './support/harness.js';

describe("detailed health and the engine's restarts", () => {
  const dir = mkdtempSync(join(inject('tempRoot'), 'engine-status-'));
  const statusFile = join(dir, 'engine-status.json');
  const { app } = useApp({ EMBEDDED_ENGINE_STATUS_FILE: statusFile });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  async function engineRestarts(): Promise<unknown> {
    const res = await fetch(`${app.url}/api/v1/health/detailed`);
    expect(res.status).toBe(200);
    return ((await res.json()) as { data: { engineRestarts?: unknown } }).data.engineRestarts;
  }

  it('when the supervisor has written its record, then each request reports the latest one', async () => {
    writeFileSync(
      statusFile,
      JSON.stringify({ restarts: 0, failedRestarts: 0, lastRestart: null, hasGivenUp: false }),
    );
    expect(await engineRestarts()).toEqual({ count: 0, failedAttempts: 0, last: null });

    const last = {
      process: 'postgresql',
      cause: 'killed by SIGKILL',
      at: new Date().toISOString(),
    };
    writeFileSync(
      statusFile,
      JSON.stringify({ restarts: 2, failedRestarts: 1, lastRestart: last, hasGivenUp: false }),
    );
    expect(await engineRestarts()).toEqual({ count: 2, failedAttempts: 1, last });
  });

  it('when the record cannot be read, then detailed health leaves it out and still answers', async () => {
    rmSync(statusFile, { force: true });
    expect(await engineRestarts()).toBeUndefined();
  });
});

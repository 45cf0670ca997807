import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApps } from './support/apps.js';
import type { RunningApps } from './support/apps.js';

const committed = JSON.parse(
  readFileSync(new URL('../openapi.json', import.meta.url), 'utf8'),
) as Record<string, any>;

/** Status of a GET whose headers are `size` bytes over the usual ones. */
function statusWithHugeHeader(url: string, size: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: { 'x-padding': 'a'.repeat(size) } }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', reject);
    req.end();
  });
}

describe('the committed OpenAPI document', () => {
  let apps: RunningApps;
  beforeAll(async () => {
    apps = await startApps();
  });
  afterAll(async () => apps.close());

  it('when the running REST API serves its document, then it is the committed one (the drift test of @qpc/rest-api keeps that file true)', async () => {
    const served = (await (await fetch(`${apps.restUrl}/api/v1/openapi.json`)).json()) as Record<
      string,
      any
    >;
    expect(served).toEqual(committed);
  });

  it('when the health routes get headers over 16 KiB, then they answer the 431 the document names', async () => {
    for (const path of ['/api/v1/health', '/api/v1/health/detailed']) {
      expect(Object.keys(committed.paths[path].get.responses)).toContain('431');
      expect(await statusWithHugeHeader(`${apps.restUrl}${path}`, 20_000)).toBe(431);
    }
  });
});

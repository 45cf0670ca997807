import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, inject, it } from 'vitest';

const packageDir = new URL('..', import.meta.url).pathname;

describe('the built package', () => {
  it('when a plain script outside the monorepo imports it, then it creates and reads a university', () => {
    const project = mkdtempSync(join(tmpdir(), 'qpc-domain-consumer-'));
    mkdirSync(join(project, 'node_modules', '@qpc'), { recursive: true });
    symlinkSync(packageDir, join(project, 'node_modules', '@qpc', 'domain'), 'dir');
    cpSync(
      join(packageDir, 'examples', 'create-and-read-university.mjs'),
      join(project, 'script.mjs'),
    );

    const result = spawnSync(process.execPath, ['script.mjs', 'Consumer University', 'CU'], {
      cwd: project,
      encoding: 'utf8',
      env: { PATH: process.env.PATH, MONGODB_URI: `${inject('mongoUri')}consumer_script` },
      timeout: 60_000,
    });
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    const university = JSON.parse(result.stdout.trim()) as Record<string, unknown>;
    expect(university).toMatchObject({
      name: 'Consumer University',
      shortName: 'CU',
      slug: 'consumer-university',
      isActive: true,
    });
    expect(university.id).toMatch(/^[0-9a-f]{24}$/);
    expect(university).not.toHaveProperty('_id');
  });
});

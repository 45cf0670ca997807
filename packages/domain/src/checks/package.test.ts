import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, inject, it } from 'vitest';

const packageDir = new URL('../..', import.meta.url).pathname;

/** A project outside the monorepo whose node_modules holds the built package. */
function consumerProject(): string {
  const project = mkdtempSync(join(inject('tempRoot'), 'domain-consumer-'));
  mkdirSync(join(project, 'node_modules', '@qpc'), { recursive: true });
  symlinkSync(packageDir, join(project, 'node_modules', '@qpc', 'domain'), 'dir');
  return project;
}

/** The mongoose and driver files a fresh process has loaded after importing `entry`. */
function databaseModulesLoadedBy(entry: string): string[] {
  const project = consumerProject();
  const script = [
    "import { createRequire } from 'node:module';",
    `await import(${JSON.stringify(entry)});`,
    'const loaded = Object.keys(createRequire(import.meta.url).cache);',
    'console.log(JSON.stringify(loaded.filter((file) => /[\\/](mongoose|mongodb)[\\/]/.test(file))));',
  ].join('\n');
  writeFileSync(join(project, 'probe.mjs'), script);
  const result = spawnSync(process.execPath, ['probe.mjs'], {
    cwd: project,
    encoding: 'utf8',
    env: { PATH: process.env.PATH },
    timeout: 60_000,
  });
  expect(result.stderr).toBe('');
  expect(result.status).toBe(0);
  return JSON.parse(result.stdout.trim()) as string[];
}

describe('the built package', () => {
  it('when a plain script outside the monorepo imports it, then it creates and reads a university', () => {
    const project = consumerProject();
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

  it('when a fresh process imports @qpc/domain/schemas, then neither mongoose nor the driver is loaded', () => {
    expect(databaseModulesLoadedBy('@qpc/domain/schemas')).toEqual([]);
  });

  it('when a fresh process imports @qpc/domain, then mongoose is loaded (the probe sees it)', () => {
    expect(databaseModulesLoadedBy('@qpc/domain').length).toBeGreaterThan(0);
  });

  it('when the schemas entry is imported, then it holds the zod schemas and enum lists, and . holds none of them', async () => {
    const schemas = await import('../schemas.js');
    const main = await import('../index.js');
    expect(schemas.PAPER_STATUSES).toEqual(['draft', 'pending', 'approved', 'rejected']);
    expect(typeof schemas.createPaperInput.safeParse).toBe('function');
    expect(Object.keys(main)).not.toContain('createPaperInput');
    expect(Object.keys(main)).not.toContain('PaperModel');
    expect(Object.keys(main)).not.toContain('mongoose');
  });
});

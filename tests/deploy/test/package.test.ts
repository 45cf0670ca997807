import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { testKeys, tokenFor } from '@qpc/server-kit/testing';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  copyFollowingLinks,
  folderBytes,
  installedPackageNames,
  linksIn,
  outsideCheckout,
  removeFolder,
  repoRoot,
  runPackageStep,
  runToEnd,
  startInFolder,
} from './support/packaged.js';
import type { AppName, RunningProcess } from './support/packaged.js';

const APPS: AppName[] = ['rest-api', 'graphql-gateway'];
const ADMIN = 'deploy_admin';
/** What a packaged app must not carry: the embedded database and every build or test tool. */
const FORBIDDEN = [
  '@qpc/ferretdb',
  'typescript',
  'vitest',
  'vite',
  'turbo',
  'esbuild',
  'eslint',
  'prettier',
  'supertest',
];

/** Production settings, as an operator would give them: a database, a Clerk key, an admin. */
function productionEnv(database: string): Record<string, string> {
  return {
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    MONGODB_URI: `${inject('mongoUri')}${database}`,
    CLERK_JWT_KEY: testKeys().publicKeyPem,
    ADMIN_EXTERNAL_IDS: ADMIN,
    LOG_LEVEL: 'info',
  };
}

describe('npm run package: each app as a folder of its own', () => {
  let copies: string;
  const running: RunningProcess[] = [];

  beforeAll(() => {
    const step = runPackageStep();
    expect(step.status, step.output).toBe(0);
    copies = outsideCheckout('qpc-packaged-');
    // Copied as `cp -rL` (or `scp -r`, or a zip without links) would: what runs below is the copy.
    for (const app of APPS) copyFollowingLinks(join(repoRoot, 'out', app), join(copies, app));
  });

  afterAll(async () => {
    for (const process of running) await process.stop();
    if (copies) removeFolder(copies);
  });

  it.each(APPS)(
    'when %s is packaged, then its folder holds a start script, its build and production dependencies only, in a flat node_modules with no symbolic link at all',
    (app) => {
      // The packaged folder itself (a copy following links would have none left to find).
      expect(linksIn(join(repoRoot, 'out', app))).toEqual([]);
      const dir = join(copies, app);
      const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as {
        scripts: Record<string, string>;
        dependencies: Record<string, string>;
        devDependencies?: unknown;
      };
      expect(manifest.scripts).toEqual({ start: 'node dist/server.js' });
      expect(manifest.devDependencies).toBeUndefined();
      expect(Object.keys(manifest.dependencies)).not.toContain('@qpc/ferretdb');
      expect(existsSync(join(dir, 'dist', 'server.js'))).toBe(true);
      expect(existsSync(join(dir, 'src'))).toBe(false);

      const installed = installedPackageNames(dir);
      expect(installed.filter((name) => FORBIDDEN.includes(name))).toEqual([]);
      // The workspace packages and what they import are real packages at the top of the flat
      // node_modules, where Node finds them from anywhere in the folder.
      for (const name of ['@qpc/config', '@qpc/domain', '@qpc/server-kit', 'mongoose', 'zod']) {
        expect(installed).toContain(name);
        expect(existsSync(join(dir, 'node_modules', name, 'package.json')), name).toBe(true);
      }
      for (const name of ['@qpc/config', '@qpc/domain', '@qpc/server-kit']) {
        expect(existsSync(join(dir, 'node_modules', name, 'dist', 'index.js'))).toBe(true);
      }
      // No pnpm store and no record naming the build machine's paths.
      expect(existsSync(join(dir, 'node_modules', '.pnpm'))).toBe(false);
      expect(existsSync(join(dir, 'node_modules', '.modules.yaml'))).toBe(false);
      console.log(`${app}: ${(folderBytes(dir) / 1024 / 1024).toFixed(1)} MiB`);
    },
  );

  it('when the REST folder, copied outside the checkout, runs `npm start` in production, then it serves the catalog from MONGODB_URI', async () => {
    const rest = await startInFolder({
      app: 'rest-api',
      cwd: join(copies, 'rest-api'),
      command: ['npm', 'start'],
      env: productionEnv('packaged_rest'),
    });
    running.push(rest);
    const name = `Packaged University ${Date.now()}`;
    const created = await fetch(`${rest.url}/api/v1/universities`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${await tokenFor(ADMIN)}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ name, shortName: 'PU' }),
    });
    expect(created.status).toBe(201);

    const page = await fetch(
      `${rest.url}/api/v1/universities?search=${encodeURIComponent('Packaged University')}`,
    );
    expect(page.status).toBe(200);
    const body = (await page.json()) as { data: { name: string }[] };
    expect(body.data.map((u) => u.name)).toContain(name);
    expect((await fetch(`${rest.url}/api/v1/health`)).status).toBe(200);

    await rest.stop();
    expect(rest.output()).toContain('"msg":"stopped"');
  });

  it('when the gateway folder, copied outside the checkout, runs `npm start` in production, then it answers GraphQL from MONGODB_URI', async () => {
    const gateway = await startInFolder({
      app: 'graphql-gateway',
      cwd: join(copies, 'graphql-gateway'),
      command: ['npm', 'start'],
      env: productionEnv('packaged_gateway'),
    });
    running.push(gateway);
    const graphql = async (query: string, token?: string) => {
      const res = await fetch(`${gateway.url}/graphql`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: JSON.stringify({ query }),
      });
      return {
        status: res.status,
        body: (await res.json()) as {
          data?: { universities?: { items: { name: string }[] } };
          errors?: unknown;
        },
      };
    };
    const name = `Gateway Packaged University ${Date.now()}`;
    const created = await graphql(
      `mutation { createUniversity(input: { name: "${name}", shortName: "GP" }) { id name } }`,
      await tokenFor(ADMIN),
    );
    expect(created.body.errors).toBeUndefined();

    const read = await graphql(
      '{ universities(search: "Gateway Packaged") { items { name } pagination { total } } }',
    );
    expect(read.status).toBe(200);
    expect(read.body.errors).toBeUndefined();
    expect(read.body.data?.universities?.items.map((u) => u.name)).toContain(name);

    await gateway.stop();
    expect(gateway.output()).toContain('"msg":"stopped"');
  });

  it.each(APPS)(
    'when packaged %s starts without MONGODB_URI, then it stops with a message saying MONGODB_URI is needed',
    (app) => {
      const { MONGODB_URI: _unset, ...env } = productionEnv('unused');
      const result = runToEnd(['npm', 'start'], join(copies, app), env);
      expect(result.status).toBe(1);
      expect(result.output).toContain(
        'MONGODB_URI is not set and this build has no embedded database',
      );
    },
  );
});

import { chmodSync, existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { testKeys } from '@qpc/server-kit/testing';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildOutsideContainer, parseDockerfile } from './support/dockerfile.js';
import { asUser, pinnedPnpm } from './support/run-as.js';
import {
  outsideCheckout,
  removeFolder,
  PORT_VARIABLE,
  repoRoot,
  runToEnd,
  startInFolder,
} from './support/packaged.js';
import type { AppName, RunningProcess } from './support/packaged.js';

const APPS: AppName[] = ['rest-api', 'graphql-gateway', 'web'];
/** What each image's HEALTHCHECK asks for: the apps' health route, the web page itself. */
const HEALTH_PATH: Record<AppName, string> = {
  'rest-api': "'/api/v1/health'",
  'graphql-gateway': "'/api/v1/health'",
  web: "'/'",
};
const rootManifest = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as {
  packageManager: string;
};
const turboVersion = (
  JSON.parse(readFileSync(join(repoRoot, 'node_modules/turbo/package.json'), 'utf8')) as {
    version: string;
  }
).version;

describe('the Dockerfile: its build steps for each app, run outside a container', () => {
  let work: string;
  const running: RunningProcess[] = [];

  beforeAll(() => {
    work = outsideCheckout('qpc-docker-');
    // The runtime stage runs as an unprivileged user, who must reach its folder.
    chmodSync(work, 0o755);
  });

  afterAll(async () => {
    for (const process of running) await process.stop();
    if (work) removeFolder(work);
  });

  it.each(APPS)(
    'when the Dockerfile is built outside a container with APP=%s, then it prunes, installs from the pruned lockfile, builds and packages, and its slim runtime stage serves as a non-root user, healthy by its HEALTHCHECK',
    async (app) => {
      const dockerfile = join(repoRoot, 'Dockerfile');
      const build = buildOutsideContainer({
        dockerfile,
        contextDir: repoRoot,
        workDir: join(work, app),
        tools: { pnpm: pinnedPnpm(), turbo: join(repoRoot, 'node_modules/.bin/turbo') },
        buildArgs: { APP: app },
        runEnv: {
          HOME: process.env.HOME ?? '/root',
          // Both images build the same shared packages: the second build reuses the first's outputs.
          TURBO_CACHE_DIR: join(work, 'turbo-cache'),
        },
      });

      expect(build.toolInstalls).toEqual([[rootManifest.packageManager, `turbo@${turboVersion}`]]);
      expect(build.ran).toEqual([
        `turbo prune @qpc/${app} --docker --out-dir=pruned`,
        'pnpm install --frozen-lockfile --prefer-offline',
        `pnpm exec turbo run build --filter=@qpc/${app}...`,
        `node scripts/package.mjs --skip-build ${app}`,
      ]);

      // The runtime stage starts from the plain Node image (through its app's settings, which
      // build nothing) and holds the packaged folder only.
      const parsed = parseDockerfile(readFileSync(dockerfile, 'utf8'));
      const runtime = build.stages.at(-1)!;
      const settings = build.stages.find((stage) => stage.name === runtime.from)!;
      expect(settings.name).toBe(`app-${app}`);
      expect(settings.from).toBe(parsed.args.NODE_IMAGE);
      expect(readdirSync(runtime.rootfs)).toEqual(['app']);
      expect(runtime.workdir).toBe('/app');
      const appDir = join(runtime.rootfs, 'app');
      expect(readdirSync(appDir).sort()).toEqual([
        'README.md',
        'dist',
        'node_modules',
        'package.json',
      ]);
      expect(existsSync(join(appDir, 'node_modules', '@qpc', 'ferretdb'))).toBe(false);
      expect(runtime.env.NODE_ENV).toBe('production');
      expect(runtime.user).toMatch(/^[1-9]\d*(:[1-9]\d*)?$/);
      expect(runtime.healthcheck?.cmd.join(' ')).toContain(HEALTH_PATH[app]);
      expect(runtime.exposed).toEqual([runtime.env[PORT_VARIABLE[app]]]);

      const env = {
        ...runtime.env,
        HOST: '127.0.0.1',
        MONGODB_URI: `${inject('mongoUri')}docker_${app.replace('-', '_')}`,
        CLERK_JWT_KEY: testKeys().publicKeyPem,
      };
      const service = await startInFolder({
        app,
        cwd: appDir,
        command: asUser(runtime.user!, runtime.cmd!),
        env,
      });
      running.push(service);
      const withPort = { ...env, [PORT_VARIABLE[app]]: String(service.port) };
      const healthy = runToEnd(asUser(runtime.user!, runtime.healthcheck!.cmd), appDir, withPort);
      expect(healthy.status, healthy.output).toBe(0);

      expect(await service.stop()).toBe(0);
      if (app !== 'web') expect(service.output()).toContain('"msg":"stopped"');
      const afterStop = runToEnd(asUser(runtime.user!, runtime.healthcheck!.cmd), appDir, withPort);
      expect(afterStop.status).toBe(1);
    },
  );
});

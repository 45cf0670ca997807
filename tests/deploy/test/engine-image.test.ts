// Compose's engine is the tested engine: packages/ferretdb/Dockerfile's build steps, run outside a
// container, give the very binary the tests run (the same bytes), and its runtime stage, started
// from its folder on a PostgreSQL of its own, sets that server up and serves our FerretDB.
import { spawn, spawnSync } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, readdirSync } from 'node:fs';
import { basename, join } from 'node:path';
import {
  ensureFerretDB,
  FERRETDB_GOGC,
  FERRETDB_VERSION,
  freePort,
  patchFiles,
  postgresSetupScript,
  startPostgres,
  withPostgres,
} from '@qpc/ferretdb';
import type { PostgresServer } from '@qpc/ferretdb';
import { MongoClient } from 'mongodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { buildOutsideContainer, parseDockerfile } from './support/dockerfile.js';
import type { BuildResult } from './support/dockerfile.js';
import { outsideCheckout, removeFolder, repoRoot, runToEnd } from './support/packaged.js';
import { asUser, pinnedPnpm } from './support/run-as.js';

const DOCKERFILE = 'packages/ferretdb/Dockerfile';
const parsed = parseDockerfile(readFileSync(join(repoRoot, DOCKERFILE), 'utf8'));

interface Service {
  image?: string;
  build?: { context: string; dockerfile?: string };
  environment?: Record<string, string>;
  depends_on?: Record<string, { condition: string; required?: boolean }>;
}
const services = (
  parse(readFileSync(join(repoRoot, 'compose.yaml'), 'utf8'), { merge: true }) as {
    services: Record<string, Service>;
  }
).services;

function sha256(path: string): string {
  return createHash('sha256').update(readFileSync(path)).digest('hex');
}

/** The Go release that built a binary (`go version <binary>` prints `<path>: go1.26.8`). */
function goVersionOf(binary: string): string {
  const result = spawnSync('go', ['version', binary], { encoding: 'utf8' });
  const version = /: go(\S+)/.exec(result.stdout)?.[1];
  if (!version) throw new Error(`go version ${binary}: ${result.stderr}`);
  return version;
}

function goEnv(name: string): string {
  return spawnSync('go', ['env', name], { encoding: 'utf8' }).stdout.trim();
}

describe('compose.yaml runs our engine', () => {
  it('when read, then its ferretdb service is the engine image built from packages/ferretdb/Dockerfile, on the PostgreSQL image that image is made over, initialised in byte order, and the apps wait until it is healthy', () => {
    const ferretdb = services.ferretdb!;
    expect(ferretdb.build).toEqual({ context: '.', dockerfile: DOCKERFILE });
    expect(ferretdb.image).toBe('qpc-ferretdb');
    expect(
      new URL(ferretdb.environment!.FERRETDB_POSTGRESQL_URL!.replace(/\$\{\w+:-([^}]*)\}/g, '$1'))
        .hostname,
    ).toBe('postgres');
    expect(ferretdb.depends_on?.postgres?.condition).toBe('service_healthy');

    const postgres = services.postgres!;
    expect(postgres.image).toBe(parsed.args.POSTGRES_IMAGE);
    expect(postgres.environment?.POSTGRES_INITDB_ARGS).toContain('--locale=C');
    for (const app of ['rest-api', 'graphql-gateway']) {
      expect(services[app]!.depends_on?.ferretdb?.condition, app).toBe('service_healthy');
    }
  });
});

describe('the engine image: packages/ferretdb/Dockerfile built outside a container', () => {
  let work: string;
  let build: BuildResult;
  let postgres: PostgresServer | undefined;
  let engine: ChildProcess | undefined;

  beforeAll(() => {
    work = outsideCheckout('qpc-engine-image-');
    // The runtime stage runs as an unprivileged user, who must reach its folder.
    chmodSync(work, 0o755);
    build = buildOutsideContainer({
      dockerfile: join(repoRoot, DOCKERFILE),
      contextDir: repoRoot,
      workDir: join(work, 'build'),
      tools: { pnpm: pinnedPnpm(), turbo: join(repoRoot, 'node_modules/.bin/turbo') },
      runEnv: {
        HOME: process.env.HOME ?? '/root',
        // This machine's Go caches: the module's source is downloaded once, like the tested build.
        GOCACHE: goEnv('GOCACHE'),
        GOMODCACHE: goEnv('GOMODCACHE'),
        GOPROXY: goEnv('GOPROXY'),
        TURBO_CACHE_DIR: join(work, 'turbo-cache'),
      },
    });
  });

  afterAll(async () => {
    if (engine && engine.exitCode === null) engine.kill('SIGKILL');
    await postgres?.stop();
    if (work) removeFolder(work);
  });

  it('when its engine stage is built, then it applies every patch in name order and makes the binary the tests run: the same build hash, with the Go the image names', async () => {
    expect(parsed.args.FERRETDB_VERSION).toBe(FERRETDB_VERSION);
    const stage = build.stages.find((s) => s.name === 'engine')!;
    const copied = readdirSync(join(stage.rootfs, 'build', 'patches'));
    expect(copied.filter((name) => name.endsWith('.patch')).sort()).toEqual(
      patchFiles().map((file) => basename(file)),
    );
    expect(build.ran).toContain(
      `go mod download -json github.com/FerretDB/FerretDB@${FERRETDB_VERSION} > module.json`,
    );
    expect(build.ran.some((line) => line.startsWith('for patch in patches/*.patch;'))).toBe(true);

    const tested = await ensureFerretDB();
    const built = join(stage.rootfs, 'build', 'ferretdb');
    expect(sha256(built)).toBe(sha256(tested));
    // Docker builds with the Go of GO_IMAGE: the same bytes only with the same release.
    const go = goVersionOf(tested);
    expect(parsed.args.GO_IMAGE, `the tested engine was built with Go ${go}`).toBe(
      `golang:${go}-bookworm`,
    );
  });

  it('when its runtime stage starts on a fresh PostgreSQL, then it sets the server up as the embedded engine does and serves our FerretDB: partial indexes made, GIN indexes beside them, healthy by its HEALTHCHECK', async () => {
    const runtime = build.stages.at(-1)!;
    expect(runtime.from).toBe(parsed.args.POSTGRES_IMAGE);
    expect(runtime.workdir).toBe('/ferretdb');
    const folder = join(runtime.rootfs, 'ferretdb');
    expect(readdirSync(folder).sort()).toEqual(['ferretdb', 'setup.sql', 'start.sh']);
    expect(readFileSync(join(folder, 'setup.sql'), 'utf8')).toBe(postgresSetupScript());
    expect(runtime.env.GOGC).toBe(FERRETDB_GOGC);
    expect(runtime.env.FERRETDB_TELEMETRY).toBe('disable');
    expect(runtime.user).toMatch(/^[1-9]\d*(:[1-9]\d*)?$/);
    expect(runtime.entrypoint).toEqual(['./start.sh']);
    expect(runtime.exposed).toEqual([runtime.env.FERRETDB_LISTEN_ADDR!.split(':').pop()]);

    postgres = await startPostgres({ dataDir: join(work, 'pg') });
    const stateDir = join(work, 'state');
    mkdirSync(stateDir);
    chmodSync(stateDir, 0o777);
    const port = await freePort();
    const env = {
      ...runtime.env,
      FERRETDB_POSTGRESQL_URL: postgres.url,
      FERRETDB_LISTEN_ADDR: `127.0.0.1:${port}`,
      FERRETDB_STATE_DIR: stateDir,
      // psql, as the PostgreSQL image has it (the server's own folder holds it too).
      PATH: `${postgres.binaries.binDir}:${process.env.PATH ?? ''}`,
    };
    const [file, ...args] = asUser(runtime.user!, runtime.entrypoint!);
    engine = spawn(file!, args, { cwd: folder, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    engine.stdout!.on('data', (c: Buffer) => (output += c.toString()));
    engine.stderr!.on('data', (c: Buffer) => (output += c.toString()));
    const healthcheck = asUser(runtime.user!, runtime.healthcheck!.cmd);
    for (let attempt = 0; runToEnd(healthcheck, folder, env).status !== 0; attempt += 1) {
      expect(engine.exitCode, output).toBeNull();
      expect(attempt, `not healthy: ${output}`).toBeLessThan(600);
      await new Promise((r) => setTimeout(r, 100));
    }

    const client = new MongoClient(`mongodb://127.0.0.1:${port}/image_check`, {
      directConnection: true,
    });
    try {
      const things = client.db().collection('things');
      await things.insertMany([
        { kind: 'a', visible: true, at: 1 },
        { kind: 'b', visible: false, at: 2 },
      ]);
      // FerretDB as released refuses this: only our patch makes partial indexes.
      await things.createIndex(
        { at: -1 },
        { name: 'visible_at', partialFilterExpression: { visible: true } },
      );
      await things.createIndex({ kind: 1 });
      const indexes = await things.listIndexes().toArray();
      expect(indexes.find((i) => i.name === 'visible_at')?.partialFilterExpression).toEqual({
        visible: true,
      });
      expect(await things.countDocuments({ visible: true })).toBe(1);
    } finally {
      await client.close();
    }
    await withPostgres(postgres.url, async (pg) => {
      const gin = await pg.query<{ comment: string }>(
        `SELECT obj_description(indexrelid, 'pg_class') AS comment FROM pg_index
          WHERE obj_description(indexrelid, 'pg_class') LIKE 'qpc-gin:%'`,
      );
      expect(gin.rows.map((row) => row.comment)).toContain('qpc-gin:kind');
      const whole = await pg.query(
        `SELECT 1 FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
          WHERE n.nspname = 'image_check' AND 'toast_tuple_target=8160' = ANY (c.reloptions)`,
      );
      expect(whole.rowCount).toBeGreaterThan(0);
    });

    const exited = new Promise((r) => engine!.once('exit', r));
    engine.kill('SIGTERM');
    await exited;
    expect(runToEnd(healthcheck, folder, env).status).not.toBe(0);
  });
});

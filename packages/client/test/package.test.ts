import { execFile, spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { promisify } from 'node:util';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startApps } from './support/apps.js';
import type { RunningApps } from './support/apps.js';
import { makeCatalog } from './support/catalog.js';
import { createRestClient } from '../src/rest.js';

const packageDir = new URL('..', import.meta.url).pathname;
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');

/** A project outside the monorepo with @qpc/client installed (linked) in its node_modules. */
function consumerProject(): string {
  const project = mkdtempSync(join(inject('tempRoot'), 'client-consumer-'));
  mkdirSync(join(project, 'node_modules', '@qpc'), { recursive: true });
  symlinkSync(packageDir, join(project, 'node_modules', '@qpc', 'client'), 'dir');
  writeFileSync(join(project, 'package.json'), JSON.stringify({ type: 'module', private: true }));
  return project;
}

// Compiles only if the exports map leads to real types: every @ts-expect-error must find an error.
const CONSUMER_TS = `
import { ApiError } from '@qpc/client';
import { createGraphQLClient, OfferingSyllabusDocument } from '@qpc/client/graphql';
import type { OfferingSyllabusQuery } from '@qpc/client/graphql';
import { createRestClient, unwrap } from '@qpc/client/rest';
import type { University } from '@qpc/client/rest';

export async function titles(): Promise<string[]> {
  const graphql = createGraphQLClient({ url: 'http://127.0.0.1:4000/graphql', token: () => 'token' });
  const data: OfferingSyllabusQuery = await graphql.request(OfferingSyllabusDocument, { id: 'abc' });
  // @ts-expect-error the offering id is a string
  await graphql.request(OfferingSyllabusDocument, { id: 1 });
  // @ts-expect-error the variables are required
  await graphql.request(OfferingSyllabusDocument);
  return (data.subjectOffering?.syllabus?.modules ?? []).map((m) => m.title);
}

export async function names(): Promise<string[]> {
  const rest = createRestClient({ baseUrl: 'http://127.0.0.1:3000' });
  const page = await unwrap(rest.GET('/api/v1/universities', { params: { query: { limit: 5 } } }));
  const first: University | undefined = page.data[0];
  // @ts-expect-error no such route
  await rest.GET('/api/v1/nowhere');
  // @ts-expect-error limit is a number
  await rest.GET('/api/v1/universities', { params: { query: { limit: 'five' } } });
  try {
    await unwrap(rest.DELETE('/api/v1/universities/{slugOrId}', { params: { path: { slugOrId: 'x' } } }));
  } catch (error) {
    if (error instanceof ApiError && error.status === 403) return [];
  }
  return first ? [first.name] : [];
}
`;

describe('the built package, used from outside the monorepo', () => {
  let apps: RunningApps;
  beforeAll(async () => {
    apps = await startApps();
  });
  afterAll(async () => apps.close());

  it.each(['NodeNext', 'Bundler'])(
    'when a TypeScript project (%s resolution) imports it, then the exports map gives real types',
    (resolution) => {
      const project = consumerProject();
      writeFileSync(join(project, 'consumer.ts'), CONSUMER_TS);
      const compilerOptions = {
        strict: true,
        noEmit: true,
        target: 'ES2022',
        lib: ['ES2022', 'DOM'],
        module: resolution === 'Bundler' ? 'ESNext' : 'NodeNext',
        moduleResolution: resolution,
        types: [],
      };
      writeFileSync(
        join(project, 'tsconfig.json'),
        JSON.stringify({ compilerOptions, files: ['consumer.ts'] }),
      );
      const result = spawnSync(process.execPath, [tsc, '-p', 'tsconfig.json'], {
        cwd: project,
        encoding: 'utf8',
        timeout: 120_000,
      });
      expect(result.stdout + result.stderr).toBe('');
      expect(result.status).toBe(0);
    },
    // A whole tsc run: seconds alone, longer on a busy machine.
    120_000,
  );

  it('when the example script runs against the apps, then it lists universities and a university tree', async () => {
    const token = await apps.tokenAs('client_package_admin', 'admin');
    const authorToken = await apps.tokenAs('client_package_author', 'normal');
    await makeCatalog(
      createRestClient({ baseUrl: apps.restUrl, token }),
      createRestClient({ baseUrl: apps.restUrl, token: authorToken }),
    );
    const project = consumerProject();
    cpSync(join(packageDir, 'examples', 'browse-catalog.mjs'), join(project, 'script.mjs'));
    // Asynchronously: the apps answer from this very process.
    const result = await promisify(execFile)(process.execPath, ['script.mjs'], {
      cwd: project,
      encoding: 'utf8',
      env: { PATH: process.env.PATH, REST_URL: apps.restUrl, GRAPHQL_URL: apps.graphqlUrl },
      timeout: 60_000,
    });
    expect(result.stderr).toBe('');
    const output = JSON.parse(result.stdout) as {
      universities: string[];
      total: number;
      branches: { name: string; semesters: number[] }[];
    };
    expect(output.total).toBe(1);
    expect(output.universities[0]).toMatch(/^Client University /);
    expect(output.branches).toEqual([{ name: 'Computer Science', semesters: [3] }]);
  });
});

// The built page's server as `npm start` runs it (dist/server/server.js), in production: its
// scripts' source maps are handed out only when WEB_SOURCE_MAPS asks for them.
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';

const distDir = new URL('../dist/', import.meta.url).pathname;
const assetsDir = `${distDir}public/assets/`;

/** The built scripts (not their compressed copies). */
function scripts(): string[] {
  return readdirSync(assetsDir).filter((name) => name.endsWith('.js'));
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const started: ChildProcess[] = [];

/** Starts the built web server in production with `env`; resolves with its origin once listening. */
async function startProduction(env: Record<string, string>): Promise<string> {
  const port = await freePort();
  const child = spawn(process.execPath, [`${distDir}server/server.js`], {
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'production',
      CLERK_SECRET_KEY: 'sk_test_source_maps',
      HOST: '127.0.0.1',
      WEB_PORT: String(port),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  started.push(child);
  let output = '';
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('listening on')) resolve();
    });
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('exit', (code) => reject(new Error(`web server exited (${code}):\n${output}`)));
  });
  return `http://127.0.0.1:${port}`;
}

afterEach(async () => {
  await Promise.all(
    started.splice(0).map(
      (child) =>
        new Promise((resolve) => {
          child.once('exit', resolve);
          child.kill('SIGTERM');
        }),
    ),
  );
});

describe('source maps of the built page', () => {
  it('when the page is built, then no script names a source map inside itself', () => {
    expect(scripts().length).toBeGreaterThan(0);
    for (const name of scripts()) {
      expect(readFileSync(`${assetsDir}${name}`, 'utf8'), name).not.toContain('sourceMappingURL');
    }
  });

  it('when production does not ask for source maps, then every map is 404 and no script links one', async () => {
    const web = await startProduction({});
    const maps = readdirSync(assetsDir).filter((name) => name.endsWith('.js.map'));
    expect(maps.length).toBeGreaterThan(0);
    for (const map of maps) {
      const res = await fetch(`${web}/assets/${map}`);
      await res.arrayBuffer();
      expect(res.status, map).toBe(404);
    }
    for (const name of scripts()) {
      const res = await fetch(`${web}/assets/${name}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('sourcemap'), name).toBeNull();
      expect(await res.text(), name).not.toContain('sourceMappingURL');
    }
  });

  it('when WEB_SOURCE_MAPS is true, then each script links its map by header and the map is served', async () => {
    const web = await startProduction({ WEB_SOURCE_MAPS: 'true' });
    const [name] = scripts();
    const script = await fetch(`${web}/assets/${name}`);
    await script.arrayBuffer();
    expect(script.headers.get('sourcemap')).toBe(`${name}.map`);
    const map = await fetch(new URL(script.headers.get('sourcemap')!, `${web}/assets/${name}`));
    expect(map.status).toBe(200);
    expect(((await map.json()) as { version: number }).version).toBe(3);
  });
});

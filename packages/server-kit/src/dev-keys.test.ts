import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { ensureDevKeyPair } from './dev-keys.js';

const distModule = new URL('../dist/dev-keys.js', import.meta.url).pathname;

/**
 * Starts `count` processes that each wait for `go` to appear, then call ensureDevKeyPair on the
 * same DATA_DIR at once; resolves with what each printed (the fingerprint of the public key it
 * ended with, and whether it made the pair).
 */
async function generateConcurrently(
  dataDir: string,
  count: number,
): Promise<{ fingerprint: string; created: boolean }[]> {
  const go = join(dataDir, 'go');
  const script = `
    import { existsSync } from 'node:fs';
    import { createHash } from 'node:crypto';
    const { ensureDevKeyPair } = await import(${JSON.stringify(distModule)});
    process.stdout.write('ready\\n');
    while (!existsSync(${JSON.stringify(go)})) await new Promise((r) => setTimeout(r, 5));
    const keys = ensureDevKeyPair(${JSON.stringify(dataDir)});
    const fingerprint = createHash('sha256').update(keys.publicKeyPem).digest('hex');
    process.stdout.write(JSON.stringify({ fingerprint, created: keys.created }) + '\\n');
  `;
  const children = Array.from({ length: count }, () => {
    const child = spawn(process.execPath, ['--input-type=module', '-e', script], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    let errors = '';
    child.stdout.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr.on('data', (c: Buffer) => (errors += c.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
    return { output: () => output, errors: () => errors, exited, child };
  });
  // Every process has loaded the module and waits: start them together.
  while (!children.every((c) => c.output().includes('ready'))) {
    const dead = children.find((c) => c.child.exitCode !== null);
    if (dead) throw new Error(`a key maker died before the start: ${dead.errors()}`);
    await new Promise((r) => setTimeout(r, 20));
  }
  writeFileSync(go, '');
  const codes = await Promise.all(children.map((c) => c.exited));
  return children.map((c, i) => {
    expect(codes[i], c.errors()).toBe(0);
    return JSON.parse(c.output().trim().split('\n').pop()!) as {
      fingerprint: string;
      created: boolean;
    };
  });
}

/** A DATA_DIR of its own for the test that asks, removed when that test ends. */
function freshDataDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

describe('development keys', () => {
  it('when several processes make the keys at once on an empty DATA_DIR, then one writes, all end with the same pair, and nothing else is left', async () => {
    const dataDir = freshDataDir('qpc-dev-keys-race-');
    const results = await generateConcurrently(dataDir, 4);
    expect(readdirSync(join(dataDir, 'dev-keys')).sort()).toEqual([
      'jwt-private.pem',
      'jwt-public.pem',
    ]);
    expect(new Set(results.map((r) => r.fingerprint)).size).toBe(1);
    expect(results.filter((r) => r.created)).toHaveLength(1);
    // A later start reads the same pair and makes nothing.
    const again = ensureDevKeyPair(dataDir);
    expect(again.created).toBe(false);
    expect(createHash('sha256').update(again.publicKeyPem).digest('hex')).toBe(
      results[0]!.fingerprint,
    );
    // Four Node processes and RSA key generation: generous on a loaded machine.
  }, 120_000);

  it('when a writer died between write and link long ago, then its temporary file is removed; a fresh one is left alone', () => {
    const dataDir = freshDataDir('qpc-dev-keys-stale-');
    const first = ensureDevKeyPair(dataDir);
    expect(first.created).toBe(true);
    const stale = join(first.dir, 'jwt-private.pem.12345.tmp');
    const fresh = join(first.dir, 'jwt-private.pem.67890.abcdef.tmp');
    writeFileSync(stale, 'half a key');
    writeFileSync(fresh, 'a writer at work');
    const old = new Date(Date.now() - 10 * 60_000);
    utimesSync(stale, old, old);
    const second = ensureDevKeyPair(dataDir);
    expect(second.privateKeyPem).toBe(first.privateKeyPem);
    expect(existsSync(stale)).toBe(false);
    expect(existsSync(fresh)).toBe(true);
  });

  it('when the public file does not match the private key (an older race), then it is rewritten from the private key', () => {
    const dataDir = freshDataDir('qpc-dev-keys-mismatch-');
    const first = ensureDevKeyPair(dataDir);
    writeFileSync(join(first.dir, 'jwt-public.pem'), 'not this key');
    const second = ensureDevKeyPair(dataDir);
    expect(second.publicKeyPem).toBe(first.publicKeyPem);
    expect(readdirSync(first.dir).sort()).toEqual(['jwt-private.pem', 'jwt-public.pem']);
  });
});

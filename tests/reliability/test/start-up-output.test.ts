// What a newcomer sees on a first `npm start`: no warnings to learn to ignore, no telemetry, and
// progress on every long step. The scripts are run for real, with a stand-in `npx` on PATH where
// they would call pnpm (so nothing is installed or built here).
import { spawn, spawnSync } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { waitFor } from './support/processes.js';

const repoRoot = new URL('../../../', import.meta.url).pathname;

/** A directory holding an `npx` that prints the telemetry switches it was given, and its arguments. */
function fakeNpxPath(): string {
  const dir = mkdtempSync(join(inject('tempRoot'), 'fake-npx-'));
  const npx = join(dir, 'npx');
  writeFileSync(
    npx,
    '#!/bin/sh\necho "npx $* TURBO_TELEMETRY_DISABLED=$TURBO_TELEMETRY_DISABLED DO_NOT_TRACK=$DO_NOT_TRACK"\n',
  );
  chmodSync(npx, 0o755);
  return `${dir}:${process.env.PATH ?? ''}`;
}

/** Runs Node code that imports scripts/lib.mjs as `lib`, with the stand-in npx. */
function withLib(code: string) {
  return spawnSync(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      `const lib = await import(${JSON.stringify(join(repoRoot, 'scripts/lib.mjs'))}); ${code}`,
    ],
    { encoding: 'utf8', env: { PATH: fakeNpxPath(), HOME: process.env.HOME ?? '' } },
  );
}

describe('start-up output', () => {
  it('when the scripts run turbo (npm start, npm test, npm run build), then Turborepo telemetry is off', () => {
    const build = withLib('lib.buildAll();');
    expect(build.status, build.stderr).toBe(0);
    expect(build.stdout).toMatch(/npx --yes pnpm@\S+ exec turbo run build/);
    expect(build.stdout).toContain('TURBO_TELEMETRY_DISABLED=1 DO_NOT_TRACK=1');

    const viaNpmScript = spawnSync(
      process.execPath,
      [join(repoRoot, 'scripts/with-pnpm.mjs'), 'exec', 'turbo', 'run', 'lint'],
      { encoding: 'utf8', env: { PATH: fakeNpxPath(), HOME: process.env.HOME ?? '' } },
    );
    expect(viaNpmScript.status, viaNpmScript.stderr).toBe(0);
    expect(viaNpmScript.stdout).toMatch(
      /exec turbo run lint TURBO_TELEMETRY_DISABLED=1 DO_NOT_TRACK=1/,
    );
  });

  it('when a fresh checkout is installed, then every bin a workspace package declares already exists (pnpm warns of missing ones)', () => {
    const manifests = ['apps', 'packages', 'tests'].flatMap((group) =>
      readdirSync(join(repoRoot, group))
        .map((name) => join(repoRoot, group, name, 'package.json'))
        .filter((path) => existsSync(path)),
    );
    expect(manifests.length).toBeGreaterThan(5);
    for (const manifest of manifests) {
      const { bin } = JSON.parse(readFileSync(manifest, 'utf8')) as {
        bin?: string | Record<string, string>;
      };
      const targets = typeof bin === 'string' ? [bin] : Object.values(bin ?? {});
      for (const target of targets) {
        // Build output (dist/) does not exist when pnpm links bins during install.
        expect(target, manifest).not.toMatch(/(^|\/)dist\//);
        expect(existsSync(join(manifest, '..', target)), `${manifest}: ${target}`).toBe(true);
      }
    }
  });

  it('when a step runs for a while, then a line announces it, elapsed-time lines follow, and its duration is told', async () => {
    const release = join(mkdtempSync(join(inject('tempRoot'), 'progress-')), 'release');
    const waiter = `const { existsSync } = require('node:fs'); const t = setInterval(() => { if (existsSync(${JSON.stringify(release)})) { clearInterval(t); } }, 20);`;
    const child = spawn(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `const lib = await import(${JSON.stringify(join(repoRoot, 'scripts/lib.mjs'))});
         lib.runWithProgress('building something', process.execPath, ['-e', ${JSON.stringify(waiter)}], { firstAfterMs: 100, everyMs: 100 });`,
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr.on('data', (c: Buffer) => (output += c.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
    // The step is still running (it waits for the release file): heartbeats must show meanwhile.
    await waitFor(
      async () =>
        (output.match(/\.\.\. building something: \d+ s/g) ?? []).length >= 2 ? true : undefined,
      30_000,
      `two heartbeat lines, got:\n${output}`,
    );
    writeFileSync(release, '');
    expect(await exited).toBe(0);
    const lines = output.trim().split('\n');
    expect(lines[0]).toBe('> building something');
    expect(lines).toContainEqual(expect.stringMatching(/^> building something: done in \d+ s$/));
  });

  it('when two steps run side by side, then both are announced, every line they print carries its step, and both durations are told', async () => {
    // Each step prints a line, waits for the other's line (so they truly overlap), then another.
    const dir = mkdtempSync(join(inject('tempRoot'), 'side-by-side-'));
    const step = (me: string, other: string) =>
      `const fs = require('node:fs'); const path = require('node:path');
       console.log('${me} started'); fs.writeFileSync(path.join(${JSON.stringify(dir)}, '${me}'), '');
       const t = setInterval(() => { if (fs.existsSync(path.join(${JSON.stringify(dir)}, '${other}'))) {
         clearInterval(t); console.error('${me} saw ${other}'); setTimeout(() => {}, 300); } }, 20);`;
    const child = spawn(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `const lib = await import(${JSON.stringify(join(repoRoot, 'scripts/lib.mjs'))});
         await lib.runSideBySide([
           { label: 'one', title: 'building one', command: process.execPath, args: ['-e', ${JSON.stringify(step('one', 'two'))}] },
           { label: 'two', title: 'building two', command: process.execPath, args: ['-e', ${JSON.stringify(step('two', 'one'))}] },
         ], { firstAfterMs: 100, everyMs: 100 });
         console.log('all done');`,
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr.on('data', (c: Buffer) => (output += c.toString()));
    expect(await new Promise((resolve) => child.on('exit', resolve))).toBe(0);
    const lines = output.trim().split('\n');
    expect(lines.slice(0, 2)).toEqual(['> [one] building one', '> [two] building two']);
    for (const line of [
      '[one] one started',
      '[two] two started',
      '[one] one saw two',
      '[two] two saw one',
    ]) {
      expect(lines).toContain(line);
    }
    for (const label of ['one', 'two']) {
      expect(lines).toContainEqual(
        expect.stringMatching(new RegExp(`^> \\[${label}\\] building ${label}: done in \\d+ s$`)),
      );
    }
    expect(lines.at(-1)).toBe('all done');
  });

  it('when one of the steps side by side fails, then the others are stopped and the start exits with its code', async () => {
    const child = spawn(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `const lib = await import(${JSON.stringify(join(repoRoot, 'scripts/lib.mjs'))});
         await lib.runSideBySide([
           { label: 'slow', title: 'never ends', command: process.execPath, args: ['-e', 'setInterval(() => {}, 1000)'] },
           { label: 'bad', title: 'fails', command: process.execPath, args: ['-e', 'console.error("broken"); process.exit(3)'] },
         ]);
         console.log('not reached');`,
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr.on('data', (c: Buffer) => (output += c.toString()));
    expect(await new Promise((resolve) => child.on('exit', resolve))).toBe(3);
    expect(output).toContain('[bad] broken');
    expect(output).toContain('> [bad] failed (exit 3)');
    expect(output).not.toContain('not reached');
  });
});

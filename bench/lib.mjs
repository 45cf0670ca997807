// Small helpers shared by the benchmark files: paths into the built workspace, a seeded PRNG,
// a progress bar, statistics.
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** Imports a built workspace file (e.g. `packages/domain/dist/index.js`). */
export function importBuilt(relativePath) {
  return import(pathToFileURL(join(root, relativePath)).href);
}

/**
 * The domain package as the bench uses it: its public services and database functions, plus
 * the models and mongoose (`@qpc/domain/testing` since the domain's public face left them out).
 */
export async function importDomain() {
  const [index, testing] = await Promise.all([
    importBuilt('packages/domain/dist/index.js'),
    importBuilt('packages/domain/dist/testing.js').catch(() => ({})),
  ]);
  return { ...index, ...testing };
}

/**
 * Imports a dependency the way a workspace package sees it (the bench folder has no
 * package.json of its own; pnpm does not hoist express to the root).
 */
export async function importFrom(packageDir, specifier) {
  const require = createRequire(join(root, packageDir, 'package.json'));
  const mod = await import(pathToFileURL(require.resolve(specifier)).href);
  return mod.default ?? mod;
}

/** mulberry32: a tiny, fast, seeded PRNG; the same seed always gives the same catalog. */
export function createRandom(seed) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min, max) => min + Math.floor(next() * (max - min + 1));
  const pick = (list) => list[Math.floor(next() * list.length)];
  const chance = (p) => next() < p;
  /** k distinct items of a list (k <= list.length). */
  const sample = (list, k) => {
    const copy = [...list];
    for (let i = 0; i < k; i += 1) {
      const j = i + Math.floor(next() * (copy.length - i));
      [copy[i], copy[j]] = [copy[j], copy[i]];
    }
    return copy.slice(0, k);
  };
  const hex = (bytes) => {
    let out = '';
    for (let i = 0; i < bytes; i += 1)
      out += Math.floor(next() * 256)
        .toString(16)
        .padStart(2, '0');
    return out;
  };
  return { next, int, pick, chance, sample, hex };
}

/**
 * A progress bar on stderr: redrawn in place on a terminal, one line per 10% otherwise (CI logs).
 */
export function createProgress(total, { stream = process.stderr, width = 30 } = {}) {
  let done = 0;
  let label = '';
  let lastDecile = -1;
  const started = Date.now();
  const isTTY = Boolean(stream.isTTY);
  let lastDraw = 0;
  const draw = (force) => {
    const ratio = total ? Math.min(1, done / total) : 1;
    const percent = Math.floor(ratio * 100);
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    const filled = Math.round(ratio * width);
    const line = `[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${String(percent).padStart(3)}% ${done}/${total} docs  ${seconds}s  ${label}`;
    if (isTTY) {
      const now = Date.now();
      if (!force && now - lastDraw < 50) return;
      lastDraw = now;
      stream.write(`\r${line.padEnd(100)}`);
    } else if (Math.floor(percent / 10) !== lastDecile || force) {
      lastDecile = Math.floor(percent / 10);
      stream.write(`${line}\n`);
    }
  };
  return {
    label(text) {
      label = text;
      draw(false);
    },
    tick(n = 1) {
      done += n;
      draw(false);
    },
    finish() {
      done = total;
      if (isTTY || lastDecile !== 10) draw(true);
      if (isTTY) stream.write('\n');
    },
  };
}

export function median(values) {
  const sorted = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  if (sorted.length === 0) return null;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

export function round(value, digits = 2) {
  if (value === null || value === undefined || !Number.isFinite(value)) return null;
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}

export function sleep(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

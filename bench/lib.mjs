// Helpers shared by the benchmark files: workspace imports, a seeded PRNG, statistics, timing.
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

import { setTimeout as sleep } from 'node:timers/promises';

export { sleep };

export const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** Imports a built workspace file (e.g. `packages/domain/dist/index.js`). */
export const importBuilt = (path) => import(pathToFileURL(join(root, path)).href);

/** A dependency as a workspace package sees it (the bench folder has no package.json). */
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
  const byte = () => (256 + Math.floor(next() * 256)).toString(16).slice(1);
  const hex = (bytes) => Array.from({ length: bytes }, byte).join('');
  return { next, int, pick, chance, sample, hex };
}

/** Nearest-rank percentile of ascending values (null when empty). */
export function percentile(sorted, p) {
  if (sorted.length === 0) return null;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1];
}

/** p25, p50, p75, p99, min, max and count of response times in ms. */
export function stats(times) {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (p) => percentile(sorted, p);
  const ranks = Object.fromEntries([25, 50, 75, 99].map((p) => [`p${p}`, at(p)]));
  return { n: sorted.length, ...ranks, min: sorted[0] ?? null, max: sorted.at(-1) ?? null };
}

export const bearer = (token) => ({ authorization: `Bearer ${token}` });

/** A caller of the REST app at `url` as `token`'s holder: the answer's data, or it throws. */
export function apiCall(url, token) {
  return async (method, path, body, type = 'application/json') => {
    const headers = { ...bearer(token), 'content-type': type };
    const res = await fetch(`${url}/api/v1${path}`, { method, headers, body });
    const json = await res.json();
    if (res.status < 300 && json.data?.status !== 'failed') return json.data;
    throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
  };
}

export function round(value, digits = 2) {
  if (value === null || value === undefined || !Number.isFinite(value)) return null;
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}

/** The ms `once()` answers, called for `seconds` and at least `min` times. */
export async function timesOver(seconds, min, once) {
  const times = [];
  const deadline = performance.now() + seconds * 1000;
  while (performance.now() < deadline || times.length < min) times.push(await once());
  return times;
}

/** Polls `done()` every `everyMs` until it holds, throwing after `limitMs`; the ms since `since`. */
export async function waitUntil(done, { everyMs, limitMs, since: started = performance.now() }) {
  while (!(await done())) {
    if (performance.now() - started > limitMs) throw new Error(`not done in ${limitMs / 1000} s`);
    await sleep(everyMs);
  }
  return performance.now() - started;
}

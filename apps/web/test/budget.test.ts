import { readdirSync, readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';

const assets = new URL('../dist/public/assets/', import.meta.url);
const BUDGET_BYTES = 150 * 1024;

describe('the page weight', () => {
  it('when the page is built, then all its JavaScript together is at most 150 kB gzipped', () => {
    const scripts = readdirSync(assets).filter((name) => name.endsWith('.js'));
    expect(scripts.length).toBeGreaterThan(0);
    const sizes = scripts.map((name) => ({
      name,
      gzip: gzipSync(readFileSync(new URL(name, assets)), { level: 9 }).length,
    }));
    const total = sizes.reduce((sum, file) => sum + file.gzip, 0);
    console.log(
      `[web figures] JavaScript gzipped: ${(total / 1024).toFixed(1)} kB (${sizes
        .map((s) => `${s.name.replace(/-[\w-]+\.js$/, '')} ${(s.gzip / 1024).toFixed(1)} kB`)
        .join(', ')})`,
    );
    expect(total).toBeLessThanOrEqual(BUDGET_BYTES);
  });
});

import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';

const packageDir = new URL('..', import.meta.url).pathname;
const cli = join(
  dirname(createRequire(import.meta.url).resolve('@redocly/cli/package.json')),
  'bin/cli.js',
);

interface LintReport {
  totals: { errors: number; warnings: number; ignored: number };
  problems: { ruleId: string; message: string; location: { pointer: string }[] }[];
}

describe('Redocly lint', () => {
  it("when openapi.json is linted with Redocly's recommended rules, then there is no error and no warning", () => {
    const result = spawnSync(process.execPath, [cli, 'lint', '--format=json'], {
      cwd: packageDir,
      encoding: 'utf8',
      // Offline: no telemetry, no update check (redocly.yaml also turns telemetry off).
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        REDOCLY_TELEMETRY: 'off',
        REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true',
        CI: 'true',
      },
      timeout: 120_000,
    });
    expect(result.status, result.stderr).toBe(0);
    const report = JSON.parse(result.stdout) as LintReport;
    const problems = report.problems.map(
      (p) => `${p.ruleId}: ${p.message} at ${p.location[0]?.pointer ?? '?'}`,
    );
    expect(problems).toEqual([]);
    // Ignored: exactly the entries of .redocly.lint-ignore.yaml, each stated with its reason there.
    expect(report.totals).toEqual({ errors: 0, warnings: 0, ignored: 1 });
  });
});

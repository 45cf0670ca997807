import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { fileURLToPath } from 'node:url';

/** The Schemathesis executable that `npm test` installs (SCHEMATHESIS_BIN). */
export function schemathesisBin(): string {
  const bin = process.env.SCHEMATHESIS_BIN;
  if (!bin)
    throw new Error(
      'SCHEMATHESIS_BIN is not set: run the suite through `npm test`, which installs Schemathesis',
    );
  return bin;
}

/** Runs Schemathesis to its end: its exit code and everything it printed. */
export function runSchemathesis(
  args: string[],
  env: Record<string, string> = {},
): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(schemathesisBin(), args, {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, NO_COLOR: '1', SCHEMATHESIS_TELEMETRY: 'false', ...env },
    });
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr.on('data', (c: Buffer) => (output += c.toString()));
    child.on('exit', (code) => resolve({ code, output }));
  });
}

/** Seed and examples per operation of both runs, REST and GraphQL. */
export const SEED = '20261122';
export const MAX_EXAMPLES = '15';

/**
 * The settings both runs share: the seed, examples per operation, one worker, the admin token,
 * a JUnit report in `reportDir`, sanitized output (no token in what is printed) and no example
 * database.
 */
export function runSettings(token: string, reportDir: string): string[] {
  return [
    '--seed',
    SEED,
    '--max-examples',
    MAX_EXAMPLES,
    '--workers',
    '1',
    '--request-timeout',
    '15',
    '--header',
    `Authorization: Bearer ${token}`,
    '--report',
    'junit',
    '--report-junit-path',
    `${reportDir}junit.xml`,
    '--output-sanitize',
    'true',
    // No example database in the checkout: every run generates from the seed alone, as on a fresh
    // clone, and nothing is written beside the sources while other suites copy them.
    '--generation-database',
    'none',
  ];
}

/** The failures with their reproducing requests, then the summary: what CI shows on a failure. */
export function failureSummary(output: string): string {
  const failures = output.indexOf('=== FAILURES ===');
  return failures === -1
    ? output.split('\n').slice(-40).join('\n')
    : output.slice(output.lastIndexOf('\n', failures) + 1);
}

/** The repository's root (this file is tests/reliability/test/support/). */
const REPOSITORY = fileURLToPath(new URL('../../../../', import.meta.url));

/**
 * The whole output as `summary.txt` of a report (a committed file): tokens redacted, paths of
 * this machine (the repository, the temporary folder) written as `./` and `$TMPDIR/`.
 */
export function writeSummary(reportDir: string, output: string): void {
  const portable = output
    .replace(/Bearer [\w.-]+/g, 'Bearer [redacted]')
    .replaceAll(REPOSITORY, './')
    .replaceAll(`${tmpdir()}/`, '$TMPDIR/');
  writeFileSync(`${reportDir}summary.txt`, portable);
}

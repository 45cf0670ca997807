import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { GO_TEST_PACKAGES } from './binary.js';
import { patchFiles } from './patches.js';

/** FerretDB's own tests in those packages that need a PostgreSQL server. */
const SKIP = '^TestDatabaseStats$';

export interface GoTestOutcome {
  /** `go test`'s exit status. */
  status: number;
  /** Top-level tests that passed and failed, as `package.TestName`. */
  passed: string[];
  failed: string[];
  /** What `go test` printed, for the failure message. */
  output: string;
}

interface TestEvent {
  Action: string;
  Package?: string;
  Test?: string;
  Output?: string;
}

/**
 * Runs the Go tests of the packages our patches change (ours, `TestQPC…`, and FerretDB's own) in
 * FerretDB's patched source tree (ensurePatchedSource) without the network:
 * modules come from the module cache only (GOPROXY=off), and `-count=1` runs them even when a
 * cached result exists.
 */
export function runGoTests(src: string): GoTestOutcome {
  const result = spawnSync(
    'go',
    ['test', '-count=1', '-json', '-skip', SKIP, ...GO_TEST_PACKAGES],
    {
      cwd: src,
      encoding: 'utf8',
      env: {
        ...process.env,
        GOFLAGS: '-mod=mod -buildvcs=false',
        GOPROXY: 'off',
        GOTOOLCHAIN: 'local',
        CGO_ENABLED: '0',
      },
      maxBuffer: 64 * 1024 * 1024,
    },
  );
  if (result.error) throw result.error;
  const outcome: GoTestOutcome = {
    status: result.status ?? 1,
    passed: [],
    failed: [],
    output: result.stderr,
  };
  for (const line of result.stdout.split('\n')) {
    if (!line.startsWith('{')) continue;
    const event = JSON.parse(line) as TestEvent;
    if (event.Output) outcome.output += event.Output;
    if (!event.Test || event.Test.includes('/')) continue;
    const name = `${event.Package?.replace(/^.*\/internal\//, '')}.${event.Test}`;
    if (event.Action === 'pass') outcome.passed.push(name);
    if (event.Action === 'fail') outcome.failed.push(name);
  }
  return outcome;
}

/** The `TestQPC…` functions our patches add, as `package-folder.TestName`. */
export function goTestsInPatches(): string[] {
  const names = new Set<string>();
  for (const file of patchFiles()) {
    let folder = '';
    for (const line of readFileSync(file, 'utf8').split('\n')) {
      const target = /^\+\+\+ b\/internal\/(.+)\/[^/]+_test\.go$/.exec(line);
      if (line.startsWith('+++ ')) folder = target?.[1] ?? '';
      const test = /^\+func (TestQPC\w*)\(/.exec(line);
      if (folder && test) names.add(`${folder}.${test[1]}`);
    }
  }
  return [...names].sort();
}

import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SCALAR_RULES } from '@qpc/graphql-gateway/scalar-rules';
import { tokenFor } from '@qpc/server-kit/testing';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { baseEnv, startService } from './support/processes.js';
import type { ServiceProcess } from './support/processes.js';
import { makeFixtures } from './support/schemathesis-config.js';
import {
  GRAPHQL_HOOKS,
  graphqlFuzzSettings,
  schemathesisGraphqlConfig,
} from './support/schemathesis-graphql-config.js';
import {
  failureSummary,
  runSchemathesis,
  runSettings,
  writeSummary,
} from './support/schemathesis-run.js';

const reportDir = new URL('../../../reports/schemathesis-graphql/', import.meta.url).pathname;
/**
 * Every check runs (Schemathesis' default) except not_a_server_error: it calls every error whose
 * code is not a client one a server error, so NOT_FOUND for a random id, CONFLICT for a taken slug
 * or FORBIDDEN for another user's solution would fail it. Whether an error was internal is what
 * the gateway logs, asserted below instead. `--checks all` is not passed: a check named on the
 * command line would override the config's per-operation exception (updateQuestion).
 */
const EXCLUDED_CHECKS = 'not_a_server_error';

/**
 * The gateway's log lines about an internal error: formatError records one with its status and
 * the domain code (`"status":500,"code":"INTERNAL_ERROR"`), the request log with `statusCode`.
 */
function internalErrors(output: string): string[] {
  return output
    .split('\n')
    .filter((line) => /"status(?:Code)?":5\d\d|"code":"INTERNAL_(?:SERVER_)?ERROR"/.test(line));
}

describe('Schemathesis against /graphql', () => {
  let api: ServiceProcess;
  let gateway: ServiceProcess;
  let token: string;
  let configFile: string;
  let settingsFile: string;
  beforeAll(async () => {
    const env = baseEnv({
      MONGODB_URI: `${inject('mongoUri')}schemathesis_graphql`,
      RATE_LIMIT_MAX: '1000000',
    });
    // The REST app seeds the sample catalog (its only admin is the account the fuzzer runs as)
    // and makes the fixtures; the gateway serves the same database.
    api = await startService('rest-api', { ...env, SEED_SAMPLE_DATA: 'true' });
    gateway = await startService('graphql-gateway', env);
    token = await tokenFor('seed_admin');
    const dir = mkdtempSync(join(inject('tempRoot'), 'schemathesis-graphql-'));
    configFile = join(dir, 'schemathesis.toml');
    settingsFile = join(dir, 'fuzz.json');
    writeFileSync(configFile, schemathesisGraphqlConfig());
    const fixtures = await makeFixtures(api.url, token, tokenFor);
    writeFileSync(settingsFile, graphqlFuzzSettings(SCALAR_RULES, fixtures));
  });
  afterAll(async () => {
    await gateway?.stop();
    await api?.stop();
  });

  it('when every operation is fuzzed with all checks as an admin, then no allowed input is refused', async () => {
    rmSync(reportDir, { recursive: true, force: true });
    mkdirSync(reportDir, { recursive: true });
    const { code, output } = await runSchemathesis(
      [
        '--config-file',
        configFile,
        'run',
        `${gateway.url}/graphql`,
        '--exclude-checks',
        EXCLUDED_CHECKS,
        ...runSettings(token, reportDir),
      ],
      {
        PYTHONPATH: GRAPHQL_HOOKS.pythonPath,
        SCHEMATHESIS_HOOKS: GRAPHQL_HOOKS.module,
        QPC_GRAPHQL_FUZZ: settingsFile,
        // No __pycache__ beside the hooks, in the source tree.
        PYTHONDONTWRITEBYTECODE: '1',
      },
    );
    const summary = failureSummary(output);
    writeSummary(reportDir, output);
    expect(output, summary).toMatch(/Test cases:/);
    // ST206 (an allowed input refused) and ST114 (null in a non-null field), named for the reader:
    // the exit code below covers them and every other check.
    expect(output, summary).not.toMatch(/GraphQL client error|Null in non-nullable GraphQL field/);
    expect(internalErrors(gateway.output())).toEqual([]);
    expect(code, summary).toBe(0);
  }, 600_000);
});

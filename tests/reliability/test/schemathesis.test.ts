import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tokenFor } from '@qpc/server-kit/testing';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { baseEnv, startService } from './support/processes.js';
import type { ServiceProcess } from './support/processes.js';
import { makeFixtures, REST_HOOKS, schemathesisConfig } from './support/schemathesis-config.js';
import {
  failureSummary,
  runSchemathesis,
  runSettings,
  writeSummary,
} from './support/schemathesis-run.js';

const reportDir = new URL('../../../reports/schemathesis/', import.meta.url).pathname;
/**
 * Checks left out, each on purpose:
 * - unsupported_method: the contract answers 404 (not 405) for any method/path pair it does not define.
 * - allow_header_conformance: Express answers OPTIONS itself, with an Allow that includes HEAD.
 * - ensure_resource_availability: its stateful link from POST /papers to DELETE
 *   /papers/{slugOrId} (one path for the slug read and the id writes) sent another paper's id
 *   than the one just created, so its 404 judged the link, not the API (to look into).
 * positive_data_acceptance runs: the ids bodies refer to name real resources (see
 * support/schemathesis-config.ts), so a schema-valid request must be accepted.
 * ignored_auth and missing_required_header run too; their hooks drop only the contract's 400 to
 * an anonymous request carrying an Idempotency-Key, once re-sending that request shows it (see
 * support/schemathesis_rest_hooks.py).
 */
const EXCLUDED_CHECKS = 'unsupported_method,allow_header_conformance,ensure_resource_availability';

describe('Schemathesis against /api/v1/openapi.json', () => {
  let app: ServiceProcess;
  let token: string;
  let configFile: string;
  beforeAll(async () => {
    app = await startService(
      'rest-api',
      baseEnv({
        MONGODB_URI: `${inject('mongoUri')}schemathesis`,
        SEED_SAMPLE_DATA: 'true',
        RATE_LIMIT_MAX: '1000000',
      }),
    );
    // The sample catalog's only admin: the last-admin rule stops the fuzzer from demoting or
    // deactivating the account it runs as, so every operation is exercised with admin rights.
    token = await tokenFor('seed_admin');
    configFile = join(mkdtempSync(join(inject('tempRoot'), 'schemathesis-')), 'schemathesis.toml');
    writeFileSync(configFile, schemathesisConfig(await makeFixtures(app.url, token, tokenFor)));
  });
  afterAll(async () => app?.stop());

  it('when every operation is fuzzed with all checks as an admin, then no check fails', async () => {
    rmSync(reportDir, { recursive: true, force: true });
    mkdirSync(reportDir, { recursive: true });
    const { code, output } = await runSchemathesis(
      [
        '--config-file',
        configFile,
        'run',
        `${app.url}/api/v1/openapi.json`,
        '--checks',
        'all',
        '--exclude-checks',
        EXCLUDED_CHECKS,
        ...runSettings(token, reportDir),
      ],
      {
        PYTHONPATH: REST_HOOKS.pythonPath,
        SCHEMATHESIS_HOOKS: REST_HOOKS.module,
        // No __pycache__ beside the hooks, in the source tree.
        PYTHONDONTWRITEBYTECODE: '1',
      },
    );
    const summary = failureSummary(output);
    writeSummary(reportDir, output);
    expect(output, summary).toMatch(/Test cases:/);
    expect(app.output()).not.toMatch(/"statusCode":5\d\d/);
    expect(code, summary).toBe(0);
  }, 600_000);
});

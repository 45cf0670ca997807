import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connectDatabase, disconnectDatabase, UserModel } from '@qpc/domain';
import { createTokenVerifier } from '@qpc/server-kit';
import { testConfig } from '@qpc/server-kit/testing';
import { afterAll, describe, expect, inject, it } from 'vitest';

const cli = new URL('../dist/token-cli.js', import.meta.url).pathname;

function runCli(args: string[], env: Record<string, string>) {
  return spawnSync(process.execPath, [cli, ...args], {
    encoding: 'utf8',
    env: { PATH: process.env.PATH ?? '', ...env },
    timeout: 60_000,
  });
}

describe('npm run token (local development)', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'qpc-token-cli-'));
  const uri = `${inject('mongoUri')}token_cli`;
  afterAll(async () => disconnectDatabase());

  it('when asked for an editor token, then it stores the role and prints a token the dev keys verify', async () => {
    const result = runCli(['--sub', 'cli_user', '--role', 'editor', '--name', 'Cli User'], {
      MONGODB_URI: uri,
      DATA_DIR: dataDir,
    });
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    const token = result.stdout.trim();
    expect(token.split('.')).toHaveLength(3);

    // Verified through the same path as the apps: no Clerk setting, development keys under DATA_DIR.
    const config = {
      ...testConfig(uri),
      clerk: { secretKey: undefined, jwtKey: undefined, authorizedParties: [] },
      dataDir,
    };
    const claims = await createTokenVerifier(config)(token);
    expect(claims).toMatchObject({ sub: 'cli_user', name: 'Cli User' });
    const payload = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as {
      exp: number;
      iat: number;
    };
    expect(payload.exp - payload.iat).toBe(24 * 3600);

    await connectDatabase({ uri });
    expect(await UserModel.findOne({ externalId: 'cli_user' }).lean()).toMatchObject({
      role: 'editor',
      isActive: true,
    });
  });

  it('when the role is not one of the three, then it refuses with usage', () => {
    const result = runCli(['--sub', 'x', '--role', 'root'], {
      MONGODB_URI: uri,
      DATA_DIR: dataDir,
    });
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(/--role must be one of admin, editor, normal/);
  });

  it('when Clerk settings are present, then it refuses: such tokens would not verify', () => {
    const result = runCli(['--sub', 'x'], { DATA_DIR: dataDir, CLERK_SECRET_KEY: 'sk_test_abc' });
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(/Development tokens only work without Clerk settings/);
  });
});

import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { join } from 'node:path';
import { connectDatabase, disconnectDatabase } from '@qpc/domain';
import { UserModel } from '@qpc/domain/testing';
import { createTokenVerifier } from '@qpc/server-kit';
import { testConfig } from '@qpc/server-kit/testing';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { startApp } from './support/harness.js';

const cli = new URL('../dist/token-cli.js', import.meta.url).pathname;

function runCli(args: string[], env: Record<string, string>) {
  return spawnSync(process.execPath, [cli, ...args], {
    encoding: 'utf8',
    env: { PATH: process.env.PATH ?? '', ...env },
    timeout: 60_000,
  });
}

describe('npm run token (local development)', () => {
  const dataDir = mkdtempSync(join(inject('tempRoot'), 'token-cli-'));
  const uri = `${inject('mongoUri')}token_cli`;
  afterAll(async () => disconnectDatabase());

  it('when asked for an editor token, then it stores the role and prints a token the dev keys verify', async () => {
    const result = runCli(['--sub', 'cli_user', '--role', 'editor', '--name', 'Cli User'], {
      MONGODB_URI: uri,
      DATA_DIR: dataDir,
    });
    expect(result.status).toBe(0);
    // A fresh DATA_DIR: the CLI says it made the keys, and where.
    expect(result.stderr).toContain(
      `Made a new development key pair in ${join(dataDir, 'dev-keys')}`,
    );
    expect(result.stderr).toContain(`same DATA_DIR (${dataDir})`);
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

  it('when the keys exist already, then the CLI says which key directory it signed with', () => {
    const result = runCli(['--sub', 'cli_again'], { MONGODB_URI: uri, DATA_DIR: dataDir });
    expect(result.status).toBe(0);
    expect(result.stderr).toBe(
      `Signed with the development key in ${join(dataDir, 'dev-keys')} (DATA_DIR=${dataDir}).\n`,
    );
    expect(result.stdout.trim().split('.')).toHaveLength(3);
  });

  it('when the token was made under another DATA_DIR, then the app answers 401 saying so', async () => {
    const otherDir = mkdtempSync(join(inject('tempRoot'), 'token-cli-other-'));
    const made = runCli(['--sub', 'cli_elsewhere'], { MONGODB_URI: uri, DATA_DIR: otherDir });
    expect(made.status).toBe(0);
    // The app runs in local development mode (no Clerk setting) on the first DATA_DIR.
    const app = await startApp({ CLERK_JWT_KEY: '', DATA_DIR: dataDir });
    try {
      const res = await fetch(`${app.url}/api/v1/universities`, {
        headers: { authorization: `Bearer ${made.stdout.trim()}` },
      });
      expect(res.status).toBe(401);
      const body = (await res.json()) as { error: { code: string; message: string } };
      expect(body.error.code).toBe('UNAUTHENTICATED');
      expect(body.error.message).toMatch(/signed by a key this service does not know/);
      expect(body.error.message).toMatch(/another DATA_DIR/);
      expect(body.error.message).toContain(join(dataDir, 'dev-keys'));
      // The same app takes a token made under its own DATA_DIR.
      const own = runCli(['--sub', 'cli_here'], { MONGODB_URI: uri, DATA_DIR: dataDir });
      const ok = await fetch(`${app.url}/api/v1/universities`, {
        headers: { authorization: `Bearer ${own.stdout.trim()}` },
      });
      expect(ok.status).toBe(200);
    } finally {
      await app.close();
    }
  });

  it('when asked for help, then it names the three roles and what each may do', () => {
    const result = runCli(['--help'], { DATA_DIR: dataDir });
    expect(result.status).toBe(0);
    const lines = result.stdout.split('\n');
    const line = (role: string) => lines.find((l) => l.trimStart().startsWith(`${role} `)) ?? '';
    expect(line('admin')).toMatch(/approve or reject papers/);
    expect(line('admin')).toMatch(/change their roles/);
    expect(line('editor')).toMatch(/create and edit the catalog/);
    expect(line('editor')).not.toMatch(/approve or reject/);
    expect(line('normal')).toMatch(/post solutions/);
    expect(line('normal')).not.toMatch(/create and edit the catalog/);
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

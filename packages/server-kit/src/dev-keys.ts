import { generateKeyPairSync } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { importPKCS8, SignJWT } from 'jose';

export interface DevKeyPair {
  publicKeyPem: string;
  privateKeyPem: string;
}

function keyDir(dataDir: string): string {
  return join(resolve(dataDir), 'dev-keys');
}

/**
 * The local development key pair: made once under DATA_DIR, then reused, so tokens printed by
 * the CLI stay valid across restarts. Only for development: production uses Clerk's keys.
 */
export function ensureDevKeyPair(dataDir: string): DevKeyPair {
  const dir = keyDir(dataDir);
  const publicPath = join(dir, 'jwt-public.pem');
  const privatePath = join(dir, 'jwt-private.pem');
  if (!existsSync(publicPath) || !existsSync(privatePath)) {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    const { publicKey, privateKey } = generateKeyPairSync('rsa', {
      modulusLength: 2048,
      publicKeyEncoding: { type: 'spki', format: 'pem' },
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    });
    // Write under temporary names and rename, so two processes starting together never read half a key.
    const suffix = `.${process.pid}.tmp`;
    writeFileSync(privatePath + suffix, privateKey, { mode: 0o600 });
    writeFileSync(publicPath + suffix, publicKey, { mode: 0o644 });
    if (!existsSync(privatePath)) {
      renameSync(privatePath + suffix, privatePath);
      renameSync(publicPath + suffix, publicPath);
    }
    chmodSync(privatePath, 0o600);
  }
  return {
    publicKeyPem: readFileSync(publicPath, 'utf8'),
    privateKeyPem: readFileSync(privatePath, 'utf8'),
  };
}

export interface TokenClaims {
  sub: string;
  name?: string;
  email?: string;
  azp?: string;
}

/** Signs a session-shaped RS256 JWT (sub, iat, nbf, exp) with a private key, as Clerk would. */
export async function signSessionToken(
  privateKeyPem: string,
  claims: TokenClaims,
  options: { expiresInSeconds?: number; notBefore?: number; issuedAt?: number } = {},
): Promise<string> {
  const key = await importPKCS8(privateKeyPem, 'RS256');
  const now = options.issuedAt ?? Math.floor(Date.now() / 1000);
  return new SignJWT({ ...claims })
    .setProtectedHeader({ alg: 'RS256', typ: 'JWT' })
    .setIssuedAt(now)
    .setNotBefore(options.notBefore ?? now)
    .setExpirationTime(now + (options.expiresInSeconds ?? 24 * 3600))
    .setSubject(claims.sub)
    .sign(key);
}

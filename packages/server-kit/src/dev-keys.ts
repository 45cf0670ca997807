import { createPublicKey, generateKeyPairSync, randomBytes } from 'node:crypto';
import {
  linkSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { join, resolve } from 'node:path';

export interface DevKeyPair {
  publicKeyPem: string;
  privateKeyPem: string;
}

export interface DevKeys extends DevKeyPair {
  /** The absolute directory the keys live in (DATA_DIR/dev-keys). */
  dir: string;
  /** True when this call made the key pair (the directory held none). */
  created: boolean;
}

const PRIVATE_FILE = 'jwt-private.pem';
const PUBLIC_FILE = 'jwt-public.pem';
/** A writer's temporary file: `<final name>.<pid>.<random>.tmp`. */
const TEMPORARY = /^jwt-(?:private|public)\.pem\..+\.tmp$/;
/** A temporary file older than this was left by a writer that died between write and link. */
const STALE_TEMPORARY_MS = 60_000;

/** Where the development keys of a DATA_DIR live (absolute). */
export function devKeyDirectory(dataDir: string): string {
  return join(resolve(dataDir), 'dev-keys');
}

function errorCode(error: unknown): string | undefined {
  return (error as NodeJS.ErrnoException | undefined)?.code;
}

/** The key pair published in `dir`, or null when none is yet: the public half derives from the private one. */
function readKeys(dir: string): DevKeyPair | null {
  let privateKeyPem: string;
  try {
    privateKeyPem = readFileSync(join(dir, PRIVATE_FILE), 'utf8');
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return null;
    throw error;
  }
  const publicKeyPem = createPublicKey(privateKeyPem)
    .export({ type: 'spki', format: 'pem' })
    .toString();
  return { privateKeyPem, publicKeyPem };
}

/**
 * Publishes `content` at `path` only if nothing is there yet, atomically: written in full to a
 * temporary file of this writer's own, then hard-linked to the final name (link() fails with
 * EEXIST rather than replace), then the temporary name removed whatever happened. A reader sees
 * either no file or the whole file. True when this writer's content was published.
 */
function publishOnce(path: string, content: string, mode: number): boolean {
  const temporary = `${path}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
  writeFileSync(temporary, content, { mode, flag: 'wx' });
  try {
    linkSync(temporary, path);
    return true;
  } catch (error) {
    if (errorCode(error) === 'EEXIST') return false;
    throw error;
  } finally {
    rmSync(temporary, { force: true });
  }
}

/** Writes the public half beside the private one, replacing a copy that does not match it. */
function publishPublicKey(dir: string, publicKeyPem: string): void {
  const path = join(dir, PUBLIC_FILE);
  let current: string | null = null;
  try {
    current = readFileSync(path, 'utf8');
  } catch (error) {
    if (errorCode(error) !== 'ENOENT') throw error;
  }
  if (current === publicKeyPem) return;
  if (current === null && publishOnce(path, publicKeyPem, 0o644)) return;
  // A stale copy (left by an older race): replace it atomically with the derived one.
  const temporary = `${path}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
  try {
    writeFileSync(temporary, publicKeyPem, { mode: 0o644, flag: 'wx' });
    renameSync(temporary, path);
  } finally {
    rmSync(temporary, { force: true });
  }
}

/** Removes temporary files that writers which died mid-way left behind. */
function removeStaleTemporaries(dir: string): void {
  for (const name of readdirSync(dir)) {
    if (!TEMPORARY.test(name)) continue;
    const path = join(dir, name);
    try {
      if (Date.now() - statSync(path).mtimeMs > STALE_TEMPORARY_MS) rmSync(path, { force: true });
    } catch {
      // Another process removed it meanwhile.
    }
  }
}

/**
 * The local development key pair: made once under DATA_DIR/dev-keys, then reused, so tokens
 * printed by the CLI stay valid across restarts. Both apps (and the CLI) may call this at the
 * same moment on an empty directory: the private key is published with an exclusive link, so
 * exactly one writer wins, every caller ends with the winner's pair, and no temporary file is
 * left behind. Only for development: production uses Clerk's keys.
 */
export function ensureDevKeyPair(dataDir: string): DevKeys {
  const dir = devKeyDirectory(dataDir);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  let keys = readKeys(dir);
  let created = false;
  if (!keys) {
    const { privateKey } = generateKeyPairSync('rsa', {
      modulusLength: 2048,
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
      publicKeyEncoding: { type: 'spki', format: 'pem' },
    });
    created = publishOnce(join(dir, PRIVATE_FILE), privateKey, 0o600);
    keys = readKeys(dir);
    if (!keys) throw new Error(`Development key was not published in ${dir}`);
  }
  publishPublicKey(dir, keys.publicKeyPem);
  removeStaleTemporaries(dir);
  return { ...keys, dir, created };
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
  // Loaded here, not with the module: a production process never signs (0.6 MB of heap).
  const { importPKCS8, SignJWT } = await import('jose');
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

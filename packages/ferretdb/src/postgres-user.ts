import { spawnSync } from 'node:child_process';
import { chmodSync, chownSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** Who runs `initdb` and `postgres`: null means the current user. */
export interface PostgresIdentity {
  readonly name: string;
  readonly uid: number;
  readonly gid: number;
}

function lookUp(name: string): PostgresIdentity | null {
  const entry = spawnSync('getent', ['passwd', name], { encoding: 'utf8' });
  const fields = entry.status === 0 ? entry.stdout.trim().split(':') : [];
  if (fields.length < 4) return null;
  return { name, uid: Number(fields[2]), gid: Number(fields[3]) };
}

/**
 * PostgreSQL refuses to run as root. As root, it runs as Debian's `postgres` user (created by
 * the server package), else as `nobody`; as anyone else, as that user.
 */
export function postgresIdentity(): PostgresIdentity | null {
  if (typeof process.getuid !== 'function' || process.getuid() !== 0) return null;
  const identity = lookUp('postgres') ?? lookUp('nobody');
  if (!identity || identity.uid === 0) {
    throw new Error(
      'PostgreSQL cannot run as root and neither a "postgres" nor a "nobody" user exists: create one.',
    );
  }
  return identity;
}

/** Gives the tree to the identity (as root only; a new cluster is a few hundred files). */
export function chownTree(path: string, identity: PostgresIdentity): void {
  chownSync(path, identity.uid, identity.gid);
  if (!statSync(path).isDirectory()) return;
  for (const entry of readdirSync(path)) chownTree(join(path, entry), identity);
}

/**
 * Makes every folder above `dir` traversable by the identity: folders made by mkdtemp are 0700.
 * Only the execute bit is added (enter, not list), and only where it is missing.
 */
export function ensureTraversable(dir: string, identity: PostgresIdentity): void {
  for (let current = dir; ; current = dirname(current)) {
    const stat = statSync(current);
    const bit = stat.uid === identity.uid ? 0o100 : stat.gid === identity.gid ? 0o010 : 0o001;
    if ((stat.mode & bit) === 0) chmodSync(current, (stat.mode & 0o7777) | bit);
    if (dirname(current) === current) return;
  }
}

// `npm run token -- --sub <id> --role <role>`: local development only. Stores the role on that
// user and prints a session token signed with the development key under DATA_DIR.
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '@qpc/config';
import {
  connectDatabase,
  disconnectDatabase,
  prepareDatabase,
  roleAbilities,
  setUserRole,
} from '@qpc/domain';
import type { Role } from '@qpc/domain';
import { ROLES } from '@qpc/domain/schemas';
import type { FerretDBServer } from '@qpc/ferretdb';
import {
  EMBEDDED_DATABASE_NAME,
  ensureDevKeyPair,
  loadEmbeddedDatabase,
  signSessionToken,
} from '@qpc/server-kit';

const usage =
  'usage: npm run token -- --sub <externalId> [--role admin|editor|normal] [--name N] [--email E] [--hours 24] [--help]';

/** The usage and each role with what it may do (from the domain's ACTIONS). */
function help(): string {
  const roles = ROLES.map(
    (role) => `  ${role.padEnd(7)} may ${roleAbilities(role).join('; ')}`,
  ).join('\n');
  return `${usage}

Stores --role on the user --sub (created if new) and prints a session token for local
development. Anyone, without a token, reads approved papers, their questions and solutions,
and the active catalog. The roles:
${roles}
Without --role nothing is stored: the user keeps its role, and one the apps have not seen yet
becomes normal on its first request.
`;
}

function fail(message: string): never {
  process.stderr.write(`${message}\n${usage}\n`);
  process.exit(2);
}

const { values } = parseArgs({
  options: {
    sub: { type: 'string' },
    role: { type: 'string' },
    name: { type: 'string' },
    email: { type: 'string' },
    hours: { type: 'string', default: '24' },
    help: { type: 'boolean', short: 'h' },
  },
  strict: true,
});
if (values.help) {
  process.stdout.write(help());
  process.exit(0);
}
if (!values.sub) fail('--sub is required');
if (values.role && !(ROLES as readonly string[]).includes(values.role))
  fail(`--role must be one of ${ROLES.join(', ')}`);
const hours = Number(values.hours);
if (!Number.isFinite(hours) || hours <= 0 || hours > 24 * 30)
  fail('--hours must be between 0 and 720');

const config = loadConfig();
if (config.isProduction || config.clerk.jwtKey || config.clerk.secretKey) {
  fail(
    'Development tokens only work without Clerk settings and outside production: sign in through Clerk instead.',
  );
}

if (values.role) {
  let uri = config.mongodbUri;
  let temporary: FerretDBServer | null = null;
  if (!uri) {
    const { findRunningFerretDB, startFerretDB } = await loadEmbeddedDatabase();
    const dbDir = join(config.dataDir, 'db');
    const running = await findRunningFerretDB(dbDir);
    if (!running)
      temporary = await startFerretDB({
        dataDir: dbDir,
        binaryPath: config.ferretdbBin,
        engine: config.embedded.engine,
      });
    uri = `${running ?? temporary!.uri}${EMBEDDED_DATABASE_NAME}`;
  }
  await connectDatabase({
    uri,
    serverSelectionTimeoutMs: config.database.serverSelectionTimeoutMs,
  });
  await prepareDatabase();
  await setUserRole({ externalId: values.sub, role: values.role as Role });
  await disconnectDatabase();
  await temporary?.stop();
}

const keys = ensureDevKeyPair(config.dataDir);
// stdout carries the token alone (TOKEN=$(npm run -s token ...)); where the key came from goes
// to stderr, because a token signed under another DATA_DIR is refused by the running apps.
process.stderr.write(
  keys.created
    ? `Made a new development key pair in ${keys.dir}: the apps accept this token only if they run with the same DATA_DIR (${resolve(config.dataDir)}).\n`
    : `Signed with the development key in ${keys.dir} (DATA_DIR=${resolve(config.dataDir)}).\n`,
);
const { privateKeyPem } = keys;
const token = await signSessionToken(
  privateKeyPem,
  {
    sub: values.sub,
    ...(values.name ? { name: values.name } : {}),
    ...(values.email ? { email: values.email } : {}),
  },
  { expiresInSeconds: Math.round(hours * 3600) },
);
process.stdout.write(`${token}\n`);

// `npm start`: installs what is missing, builds, starts the embedded database (unless MONGODB_URI
// is set), loads the sample catalog into an empty one, then runs both apps and the web page
// (which forwards its /graphql to the gateway) until Ctrl-C.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { buildAllWithFerretDB, ensureDependencies, root } from './lib.mjs';

ensureDependencies();
// The TypeScript build and FerretDB's Go build side by side: a fresh clone serves sooner.
await buildAllWithFerretDB();

const { loadConfig, ConfigError } = await import(join(root, 'packages/config/dist/index.js'));
const { restartMessage, startFerretDB } = await import(
  join(root, 'packages/ferretdb/dist/index.js')
);
const domain = await import(join(root, 'packages/domain/dist/index.js'));
const { seedSampleCatalog } = await import(join(root, 'packages/domain/dist/seed/index.js'));
const { EMBEDDED_DATABASE_NAME } = await import(join(root, 'packages/server-kit/dist/index.js'));
const { trustingThisServer } = await import(join(root, 'apps/web/dist/server/visitor.js'));

let config;
try {
  config = loadConfig();
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}

let embedded = null;
let apps = [];
let stopping = false;
let uri = config.mongodbUri;
// The apps report the supervisor's restarts in their detailed health from this file.
const engineStatusFile = join(config.dataDir, 'db', 'engine-status.json');
if (!uri) {
  embedded = await startFerretDB({
    dataDir: join(config.dataDir, 'db'),
    binaryPath: config.ferretdbBin,
    engine: config.embedded.engine,
    // A FerretDB or PostgreSQL that dies is restarted on its port, so the apps reconnect by
    // themselves; if it cannot be, everything stops non-zero rather than answer 503 for ever.
    supervise: {
      statusFile: engineStatusFile,
      onRestart: (event) => console.error(`> ${restartMessage(event)}`),
      onGiveUp: (error) => {
        console.error(`> ${error.message}`);
        void stop(1);
      },
    },
  });
  uri = `${embedded.uri}${EMBEDDED_DATABASE_NAME}`;
  console.log(
    `> embedded FerretDB on 127.0.0.1:${embedded.port}, backend ${embedded.engine}` +
      (embedded.postgres ? ` on 127.0.0.1:${embedded.postgres.port}` : '') +
      ` (data in ${embedded.dataDir})`,
  );
}

await domain.connectDatabase({
  uri,
  serverSelectionTimeoutMs: config.database.serverSelectionTimeoutMs,
});
await domain.prepareDatabase();
const shouldSeed = config.seedSampleData ?? (embedded !== null && (await domain.isDatabaseEmpty()));
if (shouldSeed && (await domain.isDatabaseEmpty())) {
  const { created } = await seedSampleCatalog();
  console.log(
    `> sample catalog loaded: ${Object.entries(created)
      .map(([k, v]) => `${v} ${k}`)
      .join(', ')}`,
  );
}
await domain.disconnectDatabase();

// The web page forwards /graphql to the gateway and a paper's file to the REST API, from this
// machine, with the visitor's address in X-Forwarded-For: both trust that one loopback hop, so
// each visitor has its own budget on every path the page forwards.
const env = trustingThisServer({ ...process.env, MONGODB_URI: uri, SEED_SAMPLE_DATA: 'false' });
// Detailed health of each app checks the PostgreSQL server under FerretDB too, and reports the
// engine's restarts.
if (embedded?.postgres) env.EMBEDDED_POSTGRES_URL = embedded.postgres.url;
if (embedded) env.EMBEDDED_ENGINE_STATUS_FILE = engineStatusFile;
apps = [
  { name: 'rest-api', script: 'apps/rest-api/dist/server.js' },
  { name: 'graphql-gateway', script: 'apps/graphql-gateway/dist/server.js' },
  { name: 'web', script: 'apps/web/dist/server/server.js' },
].map(({ name, script }) => {
  const child = spawn(process.execPath, [join(root, script)], {
    cwd: root,
    env,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  return {
    name,
    child,
    exited: new Promise((resolve) => child.on('exit', (code) => resolve(code))),
  };
});

const host = '127.0.0.1';
console.log(
  `> REST API        http://${host}:${config.port}/api/v1   (docs: http://${host}:${config.port}/api/v1/docs)`,
);
console.log(`> GraphQL gateway http://${host}:${config.graphqlPort}/graphql`);
console.log(`> Web page        http://${host}:${config.web.port}/`);
console.log('> a token for local development: npm run token -- --sub me --role admin');

async function stop(code) {
  if (stopping) return;
  stopping = true;
  // Ctrl-C reaches the engine's processes too: their exit now is no crash to restart.
  await embedded?.stopSupervising();
  for (const { child } of apps) if (child.exitCode === null) child.kill('SIGTERM');
  await Promise.all(apps.map((a) => a.exited));
  await embedded?.stop();
  process.exit(code);
}
process.on('SIGINT', () => void stop(0));
process.on('SIGTERM', () => void stop(0));
for (const app of apps) {
  void app.exited.then((code) => {
    if (!stopping) {
      console.error(`> ${app.name} exited with code ${code}; stopping`);
      void stop(code || 1);
    }
  });
}

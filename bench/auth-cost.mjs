// What authentication costs per request, measured alone (no HTTP, no load generator), on the
// benchmark catalog: Clerk's verifyToken with CLERK_JWT_KEY, then the service's verifier (which
// remembers a verified token until its exp), then the user lookup by externalId
// (createActorResolver), then the same through the actor cache of bench/tuned.mjs.
//
//   node bench/auth-cost.mjs            (embedded FerretDB in a temp dir; BENCH_SCALE as in run.mjs)
import { generateKeyPairSync } from 'node:crypto';
import { openBenchDatabase } from './database.mjs';
import { generateCatalog } from './generate.mjs';
import { importBuilt, importFrom } from './lib.mjs';
import { cacheActors } from './tuned.mjs';

const db = await openBenchDatabase({ engine: process.env.BENCH_ENGINE ?? 'postgresql' });
try {
  const { catalog } = await generateCatalog({
    seed: 42,
    scale: Number(process.env.BENCH_SCALE ?? 1),
    domain: db.domain,
    progress: false,
  });
  await db.finishLoad();
  const kit = await importBuilt('packages/server-kit/dist/index.js');
  const { loadConfig } = await importBuilt('packages/config/dist/index.js');
  const keys = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  const config = loadConfig({
    NODE_ENV: 'production',
    CLERK_JWT_KEY: keys.publicKey,
    MONGODB_URI: db.uri,
    DATA_DIR: '/tmp/qpc-bench-auth',
  });
  const users = catalog.loadUsers.slice(0, 16);
  const tokens = await Promise.all(
    users.map((u) =>
      kit.signSessionToken(keys.privateKey, { sub: u.externalId, name: u.name, email: u.email }),
    ),
  );
  const headers = tokens.map((t) => `Bearer ${t}`);
  const verify = kit.createTokenVerifier(config);
  const resolve = kit.createActorResolver(config);
  const cached = cacheActors(resolve);

  const measure = async (label, n, fn) => {
    for (let i = 0; i < 20; i += 1) await fn(i); // warm-up
    const cpu = process.cpuUsage();
    const started = performance.now();
    for (let i = 0; i < n; i += 1) await fn(i);
    const wall = (performance.now() - started) / n;
    const used = process.cpuUsage(cpu);
    console.log(
      `${label.padEnd(52)} ${wall.toFixed(3).padStart(8)} ms wall/op  ${((used.user + used.system) / n / 1000).toFixed(3).padStart(8)} ms Node CPU/op`,
    );
  };
  console.log(`engine: ${db.engine}; ${catalog.docs.users.length} users`);
  const { verifyToken } = await importFrom('packages/server-kit', '@clerk/backend');
  await measure("Clerk's verifyToken (CLERK_JWT_KEY), every time", 500, (i) =>
    verifyToken(tokens[i % tokens.length], { jwtKey: keys.publicKey }),
  );
  await measure('createTokenVerifier (a token verified before)', 2000, (i) =>
    verify(tokens[i % tokens.length]),
  );
  await measure('UserModel.findOne({externalId}) (the lookup alone)', 200, (i) =>
    db.domain.UserModel.findOne({ externalId: users[i % users.length].externalId }).lean(),
  );
  await measure('UserModel.findById (for comparison)', 200, (i) =>
    db.domain.UserModel.findById(users[i % users.length]._id).lean(),
  );
  await measure('createActorResolver: verify + upsertUserFromClaims', 200, (i) =>
    resolve(headers[i % headers.length]),
  );
  await measure('the same behind the actor cache (bench/tuned.mjs)', 2000, (i) =>
    cached(headers[i % headers.length]),
  );
} finally {
  await db.close();
}

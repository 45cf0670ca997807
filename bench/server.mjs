// One process under load, forked by bench/processes.mjs (its CPU and RSS its own), on a free port
// reported over IPC: `rest|gateway` the BUILT app wired as in production (BENCH_CAPTURE=1: a
// capture process recording a request's database commands, never measured); `baseline` (b)
// replays captured commands (bench/replay.mjs); `middleware` each middleware alone.
import { readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { importBuilt, importFrom } from './lib.mjs';
import { createRecorder, createReplayer } from './replay.mjs';

const kind = process.argv[2];
const { mongoose } = await importBuilt('packages/domain/dist/testing.js');
const { EJSON } = mongoose.mongo.BSON;
let handler;
let recorder = null;
let close = async () => undefined;
const scripts = new Map();

async function appKit() {
  const { loadConfig } = await importBuilt('packages/config/dist/index.js');
  const kit = await importBuilt('packages/server-kit/dist/index.js');
  const config = loadConfig();
  const logger = kit.createLogger(config, { name: kind });
  const database = await kit.startDatabase(config, logger);
  const rateLimiter = kit.createRateLimiter(config, { keyPrefix: kind });
  const resolveActor = kit.createActorResolver(config);
  const purger = kit.startCachePurger({ purgeUrl: config.httpCache.purgeUrl, logger }); // as runService
  close = () => Promise.all([rateLimiter.close(), purger.stop()]).then(() => database.close());
  return { kit, deps: { config, logger, rateLimiter, resolveActor, version: 'bench' } };
}

if (kind === 'rest' || kind === 'gateway') {
  const { deps } = await appKit();
  if (kind === 'rest') {
    const { createApp } = await importBuilt('apps/rest-api/dist/app.js');
    handler = createApp(deps);
  } else {
    const { createGateway } = await importBuilt('apps/graphql-gateway/dist/app.js');
    const gateway = await createGateway(deps);
    handler = gateway.app;
    const closeDatabase = close;
    close = () => gateway.apollo.stop().then(closeDatabase);
  }
  if (process.env.BENCH_CAPTURE === '1')
    recorder = createRecorder(mongoose.connection.getClient(), EJSON);
} else if (kind === 'baseline') {
  const { MongoClient } = mongoose.mongo;
  const client = new MongoClient(process.env.MONGODB_URI, { socketTimeoutMS: 300_000 });
  await client.connect();
  const replay = createReplayer(client, EJSON);
  close = () => client.close();
  handler = (req, res) => {
    const script = scripts.get(req.url.slice('/replay/'.length));
    if (!script) return void res.writeHead(404).end();
    replay(script.name, script.waves).then(
      () => res.writeHead(200, { 'content-type': 'application/json' }).end(script.body),
      (error) => res.writeHead(500).end(String(error)),
    );
  };
} else if (kind === 'middleware') {
  const { kit, deps } = await appKit();
  const express = await importFrom('packages/server-kit', 'express');
  const logger = kit.httpLogger(deps.logger);
  const limiter = kit.rateLimit(deps.rateLimiter);
  const auth = kit.authenticate(deps.resolveActor);
  const chains = { none: [], logger: [logger], limiter: [limiter], auth: [auth] };
  chains.all = [logger, limiter, auth];
  const answer = (_req, res) => void res.json({ success: true, data: [] });
  handler = express();
  for (const [name, chain] of Object.entries(chains))
    handler.get(`/${name}`, kit.requestId(), ...chain, answer);
} else {
  throw new Error(`unknown server kind "${kind}" (rest, gateway, baseline, middleware)`);
}

const server = createServer(handler);
server.listen(0, '127.0.0.1');
await new Promise((resolve, reject) => {
  server.once('listening', resolve);
  server.once('error', reject);
});
let requests = 0;
server.on('request', () => (requests += 1));

const answers = {
  cpu: () => {
    const { user, system } = process.cpuUsage();
    // Peak RSS since the last `cpu` answer: the high-water mark, then reset to now (clear_refs 5).
    const kib = Number(/VmHWM:\s+(\d+)/.exec(readFileSync('/proc/self/status', 'utf8'))?.[1]);
    writeFileSync('/proc/self/clear_refs', '5');
    return { cpuMicros: user + system, requests, peakRss: kib * 1024 };
  },
  'capture-start': () => recorder.start(),
  'capture-stop': () => ({ commands: recorder.stop() }),
  register: ({ name, waves, body }) => void scripts.set(name, { name, waves, body }),
  stop: async () => {
    server.closeAllConnections();
    server.close();
    await close().catch(() => undefined);
    process.exit(0);
  },
};
process.on('message', async (message) => {
  const reply = await answers[message.type]?.(message);
  process.send({ id: message.id, ...reply });
});
process.on('disconnect', () => process.exit(0));
process.send({ type: 'ready', port: server.address().port });

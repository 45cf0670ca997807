// One process under load, forked by bench/run.mjs (so its RSS is its own):
//   node bench/server.mjs rest|gateway    the BUILT apps with the production wiring of runService
//                                          (config from env, pino logger, rate limiter, Clerk auth)
//   node bench/server.mjs ceiling|floor    baseline (a) or (b)
// BENCH_DISABLE=logger,rateLimit,auth switches those middleware off (createHttpApp's `disable`).
// It listens on a free loopback port, reports it over IPC, and answers IPC requests for memory
// and CPU figures and, when its MONGODB_URI has `monitorCommands=true` (the counting twins of
// run.mjs, never a measured process), for counting database round trips: every command the
// driver sends, the way the gateway's round-trip test counts them.
import { readFileSync } from 'node:fs';
import { importBuilt, importDomain, importFrom } from './lib.mjs';

const kind = process.argv[2];
const domain = await importDomain();
const { mongoose } = domain;

let app;
let close = async () => undefined;

if (kind === 'rest' || kind === 'gateway') {
  const { loadConfig } = await importBuilt('packages/config/dist/index.js');
  const kit = await importBuilt('packages/server-kit/dist/index.js');
  const config = loadConfig();
  const name = kind === 'rest' ? 'rest-api' : 'graphql-gateway';
  const logger = kit.createLogger(config, { name });
  const database = await kit.startDatabase(config, logger);
  const rateLimiter = kit.createRateLimiter(config, { keyPrefix: name });
  const disable = Object.fromEntries(
    (process.env.BENCH_DISABLE ?? '')
      .split(',')
      .filter(Boolean)
      .map((key) => [key, true]),
  );
  const resolveActor = kit.createActorResolver(config);
  const deps = { config, logger, rateLimiter, resolveActor, version: 'bench', disable };
  if (kind === 'rest') {
    const { createApp } = await importBuilt('apps/rest-api/dist/app.js');
    app = createApp(deps);
  } else {
    const { createGateway } = await importBuilt('apps/graphql-gateway/dist/app.js');
    const gateway = await createGateway(deps);
    app = gateway.app;
    close = () => gateway.apollo.stop();
  }
  const closeApp = close;
  close = async () => {
    await closeApp();
    await rateLimiter.close();
    await database.close();
    logger.flush?.();
  };
} else if (kind === 'ceiling' || kind === 'floor') {
  const express = await importFrom('packages/server-kit', 'express');
  const { createCeilingApp, createFloorApp } = await import('./baselines.mjs');
  if (kind === 'ceiling') {
    app = createCeilingApp(express, JSON.parse(readFileSync(process.env.BENCH_CONSTANTS, 'utf8')));
  } else {
    await domain.connectDatabase({
      uri: process.env.MONGODB_URI,
      buildIndexes: false,
      socketTimeoutMs: 120_000,
    });
    app = await createFloorApp(express, domain);
    close = () => domain.disconnectDatabase();
  }
} else {
  throw new Error(`unknown server kind "${kind}" (rest, gateway, ceiling, floor)`);
}

const server = app.listen(0, '127.0.0.1');
await new Promise((resolve, reject) => {
  server.once('listening', resolve);
  server.once('error', reject);
});

// Round trips to the database: the driver's commands, while counting.
let commands = null;
if (/[?&]monitorCommands=true/.test(process.env.MONGODB_URI ?? '')) {
  mongoose.connection.getClient().on('commandStarted', (event) => {
    commands?.push(event.commandName);
  });
}
// Requests received and CPU time used: CPU per request does not depend on how busy the machine is.
let requestCount = 0;
let inFlight = 0;
server.on('request', (_req, res) => {
  requestCount += 1;
  inFlight += 1;
  res.once('close', () => {
    inFlight -= 1;
  });
});

process.on('message', async (message) => {
  switch (message.type) {
    case 'memory': {
      if (message.gc && typeof globalThis.gc === 'function') globalThis.gc();
      const { rss, heapUsed, heapTotal, external, arrayBuffers } = process.memoryUsage();
      process.send({ id: message.id, rss, heapUsed, heapTotal, external, arrayBuffers });
      break;
    }
    case 'cpu': {
      const { user, system } = process.cpuUsage();
      process.send({ id: message.id, cpuMicros: user + system, requests: requestCount });
      break;
    }
    case 'idle': {
      // Resolves once every request received so far has been answered (a load run that stopped
      // leaves slow requests in flight; their cost belongs to that run, not the next one).
      const deadline = Date.now() + (message.timeoutMs ?? 120_000);
      while (inFlight > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      process.send({ id: message.id, inFlight });
      break;
    }
    case 'count-start':
      commands = [];
      process.send({ id: message.id });
      break;
    case 'count-stop':
      process.send({ id: message.id, roundTrips: commands?.length ?? null, commands });
      commands = null;
      break;
    case 'stop':
      server.closeAllConnections?.();
      server.close();
      await close().catch(() => undefined);
      process.exit(0);
      break;
    default:
      break;
  }
});
process.on('disconnect', () => process.exit(0));
process.send({ type: 'ready', port: server.address().port });

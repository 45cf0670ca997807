// `node dist/server/server.js` (npm start runs it beside the two apps): serves the built page on
// WEB_PORT, forwards /graphql to WEB_GRAPHQL_URL (the gateway by default) and a paper's PDF to
// WEB_REST_URL (the REST API by default); CLERK_PUBLISHABLE_KEY switches sign-in to Clerk.
import { fileURLToPath } from 'node:url';
import { ConfigError, loadConfig } from '@qpc/config';
import type { Config } from '@qpc/config';
import { createWebServer } from './app.js';

let config: Config;
try {
  config = loadConfig();
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}

const staticDir = fileURLToPath(new URL('../public', import.meta.url));
const server = createWebServer({
  staticDir,
  graphqlUrl: config.web.graphqlUrl,
  restUrl: config.web.restUrl,
  clerkPublishableKey: config.web.clerkPublishableKey,
  sourceMaps: config.web.sourceMaps,
});
server.listen(config.web.port, config.host, () => {
  // One line in the shape of the apps' pino lines (level 30 is info).
  console.log(
    JSON.stringify({
      level: 30,
      time: new Date().toISOString(),
      service: 'web',
      name: 'web',
      msg: `listening on ${config.host}:${config.web.port}; /graphql -> ${config.web.graphqlUrl}; /api/v1/papers/:id/file -> ${config.web.restUrl}`,
    }),
  );
});

function stop(): void {
  server.close(() => process.exit(0));
  server.closeIdleConnections();
  setTimeout(() => server.closeAllConnections(), config.shutdownGraceMs).unref();
}
process.on('SIGTERM', stop);
process.on('SIGINT', stop);

import { runService } from '@qpc/server-kit';
import { createGateway } from './app.js';
import { VERSION } from './version.js';

await runService({
  name: 'graphql-gateway',
  version: VERSION,
  port: (config) => config.graphqlPort,
  path: '/graphql',
  build: async (deps) => {
    const { app, apollo } = await createGateway(deps);
    return { app, close: () => apollo.stop() };
  },
});

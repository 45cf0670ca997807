import { runService } from '@qpc/server-kit';
import { createApp } from './app.js';
import { VERSION } from './version.js';

await runService({
  name: 'rest-api',
  version: VERSION,
  port: (config) => config.port,
  path: '/api/v1',
  build: async (deps) => ({ app: createApp(deps) }),
});

import { startPaperFileSweeper } from '@qpc/domain';
import { runService } from '@qpc/server-kit';
import { createApp } from './app.js';
import { VERSION } from './version.js';

await runService({
  name: 'rest-api',
  version: VERSION,
  port: (config) => config.port,
  path: '/api/v1',
  build: async (deps) => {
    // Paper-file leftovers of crashes and outages: swept at start, then every few minutes.
    const sweeper = startPaperFileSweeper({
      onError: (error) => deps.logger.warn({ err: error }, 'paper file sweep failed'),
      onSwept: (result) => {
        if (result.operations > 0 || result.files > 0)
          deps.logger.info(result, 'paper file sweep removed leftovers');
      },
    });
    return { app: createApp(deps), close: async () => sweeper.stop() };
  },
});

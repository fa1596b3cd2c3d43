// Runs the API alone (without the web tier), e.g. behind a separate front end.
import Fastify from 'fastify';
import { apiPlugin } from './app.ts';
import { configOrExit, describeInstance, prepareDatabase, startBackgroundWork } from './bootstrap.ts';
import { loggerOptions } from './lib/logger.ts';
import { serve } from './lib/serve.ts';

const config = configOrExit();
const app = Fastify({ ...loggerOptions(config), trustProxy: config.trustProxy });
const db = await prepareDatabase(config, app.log);
const prefix = config.publicConfig.apiBase.startsWith('/') ? config.publicConfig.apiBase : '/api';
await app.register(apiPlugin, { config, db, prefix });
const stopBackgroundWork = startBackgroundWork(config, db, app.log);
await serve(app, config.port, config.host, async () => {
  await stopBackgroundWork();
  await db.destroy();
});
describeInstance(config);

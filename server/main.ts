// Runs the API alone (without the web tier), e.g. behind a separate front end.
import { apiPlugin } from './app.ts';
import { startBackgroundWork } from './background-work.ts';
import { configOrExit, describeInstance, prepareDatabase } from './bootstrap.ts';
import { serve } from './lib/serve.ts';
import { apiBaseOf, createServer } from './lib/server-options.ts';
import { shedOverload } from './plugins/overload.ts';

const config = configOrExit();
const app = createServer(config);
const db = await prepareDatabase(config, app.log);
await shedOverload(app, config.overload, apiBaseOf(config));
await app.register(apiPlugin, { config, db, prefix: apiBaseOf(config) });
const stopBackgroundWork = startBackgroundWork(config, db, app.log);
await serve(app, config.port, config.host, async () => {
  await stopBackgroundWork();
  await db.destroy();
});
await describeInstance(config, db);

// The process entry: one Node process serving the API, the PWA assets and server-rendered pages.
import { configOrExit, describeInstance, prepareDatabase, startBackgroundWork } from '../server/bootstrap.ts';
import { serve } from '../server/lib/serve.ts';
import { createWebApp } from './web-app.ts';

const startedAt = performance.now();
const config = configOrExit();
const dev = process.argv.includes('--dev');
const db = await prepareDatabase(config);
const app = await createWebApp(config, db, { dev });
const stopBackgroundWork = startBackgroundWork(config, db, app.log);
const address = await serve(app, config.port, config.host, async () => {
  await stopBackgroundWork();
  await db.destroy();
});
app.log.info(
  { startupMs: Math.round(performance.now() - startedAt) },
  `Admit is ready at ${address.replace(/0\.0\.0\.0|127\.0\.0\.1/, 'localhost')}`,
);
await describeInstance(config, db);

// The process entry: one Node process serving the API, the PWA assets and server-rendered pages.
import { setFlagsFromString } from 'node:v8';
import { configOrExit, describeInstance, prepareDatabase } from '../server/bootstrap.ts';
import { memoryFlag } from '../server/deployment.ts';

const startedAt = performance.now();
const config = configOrExit();
const dev = process.argv.includes('--dev');
// `npm start` passes the flag to Node itself (ssr/start.mjs); a server started otherwise takes it here, before the
// web tier's modules load (decision 065).
if (config.optimizeFor === 'memory' && !process.execArgv.includes(memoryFlag)) setFlagsFromString(memoryFlag);
// The embedded database starts while the web tier's modules load: a warm start waits for the longer of the two,
// not their sum.
const database = prepareDatabase(config);
database.catch(() => {});
const [{ createWebApp }, { startBackgroundWork }, { serve }] = await Promise.all([
  import('./web-app.ts'),
  import('../server/background-work.ts'),
  import('../server/lib/serve.ts'),
]);
const db = await database;
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

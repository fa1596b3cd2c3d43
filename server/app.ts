import type { FastifyInstance } from 'fastify';
import type { ApiContext } from './api-context.ts';
import type { Config } from './config.ts';
import type { Db } from './db/database.ts';
import { healthRoutes } from './features/health/health.routes.ts';
import { registerErrorHandling } from './plugins/errors.ts';
import { RouteRegistry } from './plugins/route-registry.ts';

export interface ApiOptions {
  config: Config;
  db: Db;
  /** Where the plugin is mounted, for the OpenAPI paths. */
  prefix: string;
}

const features = [healthRoutes];

/** The API as a Fastify plugin: register it under a prefix (`/api`). */
export async function apiPlugin(app: FastifyInstance, { config, db, prefix }: ApiOptions): Promise<void> {
  const routes = new RouteRegistry(prefix);
  const context: ApiContext = { config, db, routes };
  registerErrorHandling(app);
  for (const feature of features) feature(app, context);

  const openApi = routes.openApiDocument({ title: 'Admit API', version: '1' });
  app.get('/openapi.json', { logLevel: 'warn' }, async () => openApi);
}

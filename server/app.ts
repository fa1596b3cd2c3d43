import fastifyCookie from '@fastify/cookie';
import type { FastifyInstance } from 'fastify';
import type { ApiContext } from './api-context.ts';
import type { Config } from './config.ts';
import type { Db } from './db/database.ts';
import { authRoutes } from './features/auth/auth.routes.ts';
import { bookmarksRoutes } from './features/bookmarks/bookmarks.routes.ts';
import { checkinsRoutes } from './features/checkins/checkins.routes.ts';
import { devRoutes } from './features/dev/dev.routes.ts';
import { eventsRoutes } from './features/events/events.routes.ts';
import { healthRoutes } from './features/health/health.routes.ts';
import { bookingRoutes } from './features/orders/booking.routes.ts';
import { organizationsRoutes } from './features/organizations/organizations.routes.ts';
import { teamRoutes } from './features/team/team.routes.ts';
import { uploadsRoutes } from './features/uploads/uploads.routes.ts';
import { usersRoutes } from './features/users/users.routes.ts';
import { createAccessTokens } from './lib/auth/access-tokens.ts';
import { signedImageUrl } from './lib/storage/signed-links.ts';
import { createAuthenticator } from './plugins/authentication.ts';
import { registerErrorHandling } from './plugins/errors.ts';
import { RouteRegistry } from './plugins/route-registry.ts';

export interface ApiOptions {
  config: Config;
  db: Db;
  /** Where the plugin is mounted, for the OpenAPI paths. */
  prefix: string;
}

const features = [
  healthRoutes,
  authRoutes,
  usersRoutes,
  organizationsRoutes,
  teamRoutes,
  eventsRoutes,
  bookmarksRoutes,
  bookingRoutes,
  checkinsRoutes,
  uploadsRoutes,
  devRoutes,
];

/** The API as a Fastify plugin: register it under a prefix (`/api`). */
export async function apiPlugin(app: FastifyInstance, { config, db, prefix }: ApiOptions): Promise<void> {
  const routes = new RouteRegistry(prefix);
  const tokens = createAccessTokens(config.jwtSecret, config.accessTokenTtlSeconds);
  const images = { url: (key: string | null) => signedImageUrl(config, key) };
  const context: ApiContext = { config, db, routes, tokens, auth: createAuthenticator(tokens), images };
  registerErrorHandling(app);
  await app.register(fastifyCookie);
  for (const feature of features) feature(app, context);

  // Made on first request: routes in encapsulated scopes (the image upload) are only added once the app is ready.
  let openApi: ReturnType<RouteRegistry['openApiDocument']> | undefined;
  app.get('/openapi.json', { logLevel: 'warn' }, async () => {
    openApi ??= routes.openApiDocument({ title: 'Admit API', version: '1' });
    return openApi;
  });
}

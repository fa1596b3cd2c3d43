import type { Config } from './config.ts';
import type { Db } from './db/database.ts';
import type { Suspensions } from './features/users/suspensions.service.ts';
import type { AccessTokenIssuer } from './lib/auth/access-tokens.ts';
import type { ImageLinks } from './lib/storage/image-url.ts';
import type { Authenticator } from './plugins/authentication.ts';
import type { RouteRegistry } from './plugins/route-registry.ts';

/** What every feature's routes receive: shared services, never request state. */
export interface ApiContext {
  config: Config;
  db: Db;
  routes: RouteRegistry;
  tokens: AccessTokenIssuer;
  auth: Authenticator;
  /** Links to stored images (signed, time-limited). */
  images: ImageLinks;
  /** Suspended accounts, which no token serves. */
  suspensions: Suspensions;
}

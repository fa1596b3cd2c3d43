import type { Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import type { AccessTokenIssuer } from '../../lib/auth/access-tokens.ts';

/** What the account services need: the database, configuration and the token issuer. */
export interface AuthDeps {
  db: Db;
  config: Pick<Config, 'jwtSecret' | 'refreshTokenTtlDays' | 'isProduction'>;
  tokens: AccessTokenIssuer;
}

/** Who is asking, for rate limits and links in emails. */
export interface Caller {
  ip: string;
  origin: string;
  /** The id in the browser's device cookie, if it sent one. */
  device?: string;
}

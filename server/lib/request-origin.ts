import type { FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';

/**
 * The absolute origin links in mail and return pages start with: the app's public URL from the
 * configuration (PUBLIC_APP_URL), else the origin the request came to. Never empty, never relative:
 * a mail is read away from the site, where a path alone leads nowhere.
 */
export function requestOrigin(config: Pick<Config, 'appUrl'>, request: FastifyRequest): string {
  return config.appUrl?.replace(/\/$/, '') ?? `${request.protocol}://${request.host}`;
}

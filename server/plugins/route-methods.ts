import type { FastifyInstance } from 'fastify';

interface KnownRoute {
  pattern: RegExp;
  methods: Set<string>;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A Fastify path (`/api/events/:eventId`, `/api/uploads/file/*`) as a test of a concrete path. */
function toPattern(url: string): RegExp {
  const source = url
    .split(/(:\w+|\*)/)
    .map((part) => (part === '*' ? '.*' : part.startsWith(':') ? '[^/]+' : escapeRegExp(part)))
    .join('');
  return new RegExp(`^${source}$`);
}

/**
 * Remembers the methods of every route declared after it in this scope and its children, so a
 * known path asked with another method can answer 405 with the methods it does take.
 */
export function trackRouteMethods(app: FastifyInstance): (path: string) => string[] {
  const routes = new Map<string, KnownRoute>();
  app.addHook('onRoute', (route) => {
    const known = routes.get(route.url) ?? { pattern: toPattern(route.url), methods: new Set<string>() };
    for (const method of [route.method].flat()) known.methods.add(method);
    if (known.methods.has('GET')) known.methods.add('HEAD');
    routes.set(route.url, known);
  });
  return (path) => {
    const methods = new Set<string>();
    for (const route of routes.values()) if (route.pattern.test(path)) for (const method of route.methods) methods.add(method);
    return [...methods].sort();
  };
}

import type { LazyRouteFunction, LoaderFunction, RouteObject } from 'react-router';
import type { RouteContext } from './route-context.ts';

/** A page module: its component and, optionally, a loader made with the request's context. */
export type RouteModule = Awaited<ReturnType<LazyRouteFunction<RouteObject>>> & {
  createLoader?: (context: RouteContext) => LoaderFunction;
};

/**
 * Every page is its own chunk (`routes/<area>/<page>.tsx`); a page's tests sit beside it and are no page. This map
 * of all pages is a chunk of its own too, so the entry does not grow with each page: the first page comes from the
 * address the server named.
 */
export const pageModules = import.meta.glob<RouteModule>(['./routes/**/*.tsx', '!./routes/**/*.test.tsx']);

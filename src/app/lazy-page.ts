import type { LazyRouteFunction, LoaderFunction, RouteObject } from 'react-router';
import type { RouteContext } from './routes.tsx';

/** A page module: its component and, optionally, a loader made with the request's context. */
type RouteModule = Awaited<ReturnType<LazyRouteFunction<RouteObject>>> & {
  createLoader?: (context: RouteContext) => LoaderFunction;
};

// Every page is its own chunk, loaded when its route matches; a page's tests sit beside it and are no page.
const pageModules = import.meta.glob<RouteModule>(['./routes/*.tsx', '!./routes/*.test.tsx']);

/** Loads every page's code (the server does, once it serves, so no first visitor waits for a page's modules). */
export async function loadAllPages(): Promise<void> {
  await Promise.all(Object.values(pageModules).map((load) => load()));
}

/** The source path of a page module: the key of its chunk in the build manifest. */
export const pageModulePath = (name: string) => `src/app/routes/${name}.tsx`;

/** A page that re-raises its load error while rendering, where the route's error element catches it. */
function failedPage(error: unknown) {
  // biome-ignore lint/correctness/noComponentHookFactories: made once per failed chunk load, never during rendering
  return function FailedPage(): never {
    throw error;
  };
}

/**
 * The route `lazy` function for `src/app/routes/<name>.tsx`. When the chunk cannot be fetched
 * the page renders the error instead, so the error boundaries (and the reload protection) see it:
 * a rejected `lazy` would leave the router rendering nothing.
 */
export function lazyPage(name: string, context: RouteContext): LazyRouteFunction<RouteObject> {
  const load = pageModules[`./routes/${name}.tsx`];
  if (!load) throw new Error(`No page module named ${name}`);
  return async () => {
    try {
      const { createLoader, ...module } = await load();
      return createLoader ? { ...module, loader: createLoader(context) } : module;
    } catch (error) {
      return { Component: failedPage(error) };
    }
  };
}

import type { LazyRouteFunction, RouteObject } from 'react-router';
import { bootStateGlobal } from '../lib/boot-state.ts';
import { loadLayout } from './layouts/layout-registry.tsx';
import type { RouteModule } from './page-modules.ts';
import type { RouteContext } from './route-context.ts';
import type { LayoutName } from './route-handle.ts';

const allPages = () => import('./page-modules.ts');

/** Loads every page's code (the server does, once it serves, so no first visitor waits for a page's modules). */
export async function loadAllPages(): Promise<void> {
  const { pageModules } = await allPages();
  await Promise.all(Object.values(pageModules).map((load) => load()));
}

/** The source path of a page module named `<area>/<page>`: the key of its chunk in the build manifest. */
export const pageModulePath = (name: string) => `src/app/routes/${name}.tsx`;

/**
 * A page's module: from the chunk the server named in the page (the page being opened, without waiting for the
 * map of every page), else through that map.
 */
async function loadPage(name: string): Promise<RouteModule> {
  const named = typeof window === 'undefined' ? undefined : window[bootStateGlobal]?.pages?.[pageModulePath(name)];
  if (named) return (await import(/* @vite-ignore */ named)) as RouteModule;
  const load = (await allPages()).pageModules[`./routes/${name}.tsx`];
  if (!load) throw new Error(`No page module named ${name}`);
  return load();
}

/** A page that re-raises its load error while rendering, where the route's error element catches it. */
function failedPage(error: unknown) {
  // biome-ignore lint/correctness/noComponentHookFactories: made once per failed chunk load, never during rendering
  return function FailedPage(): never {
    throw error;
  };
}

/**
 * The route `lazy` function for `src/app/routes/<area>/<page>.tsx` (and the code of the layout it is framed in).
 * When a chunk cannot be fetched the page renders the error instead, so the error boundaries (and the reload
 * protection) see it: a rejected `lazy` would leave the router rendering nothing.
 */
export function lazyPage(name: string, context: RouteContext, layout?: LayoutName): LazyRouteFunction<RouteObject> {
  return async () => {
    try {
      const [{ createLoader, ...module }] = await Promise.all([loadPage(name), loadLayout(layout)]);
      return createLoader ? { ...module, loader: createLoader(context) } : module;
    } catch (error) {
      return { Component: failedPage(error) };
    }
  };
}

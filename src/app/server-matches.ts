import type { PatchRoutesOnNavigationFunction, RouteObject } from 'react-router';

/**
 * Loads the code of the routes the server matched (named by id in the boot state) before hydrating, so the first
 * render matches the server's and the router runs no loader again. Found by id, not by matching the address: the
 * router matches the route table once, when it is created.
 */
export async function resolveServerMatches(routes: RouteObject[], ids: string[]): Promise<void> {
  const matched = new Set(ids);
  const loads: Promise<void>[] = [];
  const visit = (list: RouteObject[]) => {
    for (const route of list) {
      const { lazy } = route;
      if (route.id && matched.has(route.id) && typeof lazy === 'function') {
        loads.push(lazy().then((module) => void Object.assign(route, { ...module, lazy: undefined })));
      }
      if (route.children) visit(route.children);
    }
  };
  visit(routes);
  await Promise.all(loads);
}

/**
 * Where the browser's router starts (decision 078): with the branch the server matched, cut from the table, and a
 * `patchRoutesOnNavigation` that adds the rest of the table on the first navigation the branch cannot answer for
 * certain (no match, or a match with parameters a fuller table could beat). Ranking the whole table was the costliest
 * step of creating the router. Without ids (the shell, which the browser renders itself), or with ids the table does
 * not hold all of, the whole table, and nothing to add.
 */
export function routerStart(
  routes: RouteObject[],
  ids: readonly string[],
): { routes: RouteObject[]; patchRoutesOnNavigation: PatchRoutesOnNavigationFunction } {
  const matched = new Set(ids);
  let found = 0;
  const cut = (list: RouteObject[]): RouteObject[] =>
    list
      .filter((route) => route.id !== undefined && matched.has(route.id))
      .map((route) => {
        found += 1;
        return route.children ? ({ ...route, children: cut(route.children) } as RouteObject) : route;
      });
  const branch = cut(routes);
  let remaining = ids.length > 0 && found === matched.size;
  /** Under each route the router holds, the children it lacks (it skips a child whose id it holds), top down. */
  const fill = (patch: Patch, parentId: string | null, children: RouteObject[]) => {
    patch(parentId, children);
    for (const child of children) if (child.id && matched.has(child.id) && child.children) fill(patch, child.id, child.children);
  };
  return {
    routes: remaining ? branch : routes,
    patchRoutesOnNavigation: ({ patch, signal }) => {
      // A navigation already cancelled patches nothing (the router drops it): the next one adds the routes.
      if (!remaining || signal.aborted) return;
      remaining = false;
      fill(patch, null, routes);
    },
  };
}

type Patch = (parentId: string | null, children: RouteObject[]) => void;

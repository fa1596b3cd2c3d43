import type { RouteObject } from 'react-router';

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

/** Adds children under a route of the router's table (null: at its top); the router's `patch` or `patchRoutes`. */
type Patch = (parentId: string | null, children: RouteObject[]) => void;

/**
 * The route table cut to the branch the server matched (decision 078): the router ranks every route of its table
 * when it is created, and on a phone that was the longest part of a page's start. The rest of the table is added by
 * `addRemainingRoutes` when the first navigation needs it. Without ids (a page the browser renders itself), the
 * whole table.
 */
export function matchedBranch(routes: RouteObject[], ids: readonly string[]): RouteObject[] {
  if (ids.length === 0) return routes;
  const matched = new Set(ids);
  const cut = (list: RouteObject[]): RouteObject[] =>
    list
      .filter((route) => route.id !== undefined && matched.has(route.id))
      .map((route) => (route.children ? ({ ...route, children: cut(route.children) } as RouteObject) : route));
  return cut(routes);
}

/**
 * Adds to a router started with `matchedBranch(routes, ids)` every route it lacks: under each route it has, the
 * children it does not have yet (the router skips a route whose id it holds), from the top down.
 */
export function addRemainingRoutes(patch: Patch, routes: RouteObject[], ids: readonly string[]): void {
  const matched = new Set(ids);
  const fill = (parentId: string | null, children: RouteObject[]) => {
    patch(parentId, children);
    for (const child of children) if (child.id && matched.has(child.id) && child.children) fill(child.id, child.children);
  };
  fill(null, routes);
}

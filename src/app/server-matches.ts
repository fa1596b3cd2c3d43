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

import { QueryClient } from '@tanstack/react-query';
import { createMemoryRouter, createStaticHandler, matchRoutes, type RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { ApiCaller } from '../lib/api-caller.tsx';
import { signedOut } from '../lib/session/route-session.ts';
import { createRoutes } from './routes.tsx';
import { resolveServerMatches, routerStart } from './server-matches.ts';

const api: ApiCaller = async () => {
  throw new Error('no API in this test');
};
const routeTable = () => createRoutes({ queryClient: new QueryClient(), session: () => signedOut, api });

function findRoute(routes: RouteObject[], id: string): RouteObject | undefined {
  for (const route of routes) {
    if (route.id === id) return route;
    const found = route.children && findRoute(route.children, id);
    if (found) return found;
  }
  return undefined;
}

/** The ids the server writes into the boot state for an address: the static handler's matches. */
async function serverIds(path: string): Promise<string[]> {
  const context = await createStaticHandler(routeTable()).query(new Request(`http://admit.test${path}`));
  if (context instanceof Response) throw new Error(`${path} answered ${context.status}`);
  return context.matches.map((match) => match.route.id);
}

describe('the routes the server matched, loaded in the browser before hydrating', () => {
  it('loads the code of the routes the server named, and leaves every other page to load on navigation', async () => {
    const routes = routeTable();
    await resolveServerMatches(routes, await serverIds('/about-us'));
    const aboutUs = findRoute(routes, 'public/about-us');
    expect(aboutUs?.lazy).toBeUndefined();
    expect(aboutUs?.Component).toBeTypeOf('function');
    expect(findRoute(routes, 'public/event')?.lazy).toBeTypeOf('function');
    expect(findRoute(routes, 'public/home')?.lazy).toBeTypeOf('function');
  });

  it('gives a page its loader, made for this tab, as the router would', async () => {
    const routes = routeTable();
    await resolveServerMatches(routes, await serverIds('/'));
    expect(findRoute(routes, 'public/home')?.loader).toBeTypeOf('function');
  });

  it('names the page the server rendered by the id the browser’s route table gives it', async () => {
    for (const [path, page] of [
      ['/', 'public/home'],
      ['/event/b87f3c66-aae5-4a14-8094-4b4aff9f8b33', 'public/event'],
      ['/events/music', 'public/catalogue'],
      ['/faqs/refunds', 'help-desk/faq'],
      ['/sign-in', 'public/sign-in'],
    ] as const) {
      const ids = await serverIds(path);
      expect(ids[0]).toBe('root');
      expect(ids.at(-1)).toBe(page);
    }
    expect((await serverIds('/no-such-page')).at(-1)).toBe('not-found');
  });

  it('loads nothing for an address with no page (the shell, or ids from nowhere)', async () => {
    const routes = routeTable();
    await resolveServerMatches(routes, []);
    await resolveServerMatches(routes, ['no-such-route']);
    expect(findRoute(routes, 'public/home')?.lazy).toBeTypeOf('function');
  });
});

/** The table's shape only (ids, paths, nesting): where an address leads, without loading pages or calling loaders. */
function shapeOf(routes: RouteObject[]): RouteObject[] {
  return routes.map((route) => {
    const shape = { id: route.id, path: route.path, caseSensitive: route.caseSensitive };
    return (
      route.index ? { ...shape, index: true } : { ...shape, children: route.children && shapeOf(route.children) }
    ) as RouteObject;
  });
}

const eventId = 'b87f3c66-aae5-4a14-8094-4b4aff9f8b33';
/** The routes an address matches, as the server names them for a visitor its guards let in. */
const matchedIds = (path: string) => (matchRoutes(routeTable(), path) ?? []).map((match) => match.route.id ?? '');

describe('a router started with the branch the server rendered', () => {
  it('holds that branch only, and the whole table when no branch is named', async () => {
    const routes = routeTable();
    const ids = matchedIds('/find-events');
    expect(ids).toEqual(['root', 'guard-signIn', 'public/find-events']);
    expect(shapeOf(routerStart(routes, ids).routes)).toEqual([
      {
        id: 'root',
        path: '/',
        children: [{ id: 'guard-signIn', children: [{ id: 'public/find-events', path: 'find-events' }] }],
      },
    ]);
    expect(routerStart(routes, []).routes).toBe(routes);
    // Ids the table does not hold all of (a build that differs from the server's): the whole table.
    expect(routerStart(routes, ['root', 'no-such-page']).routes).toBe(routes);
    // The table itself is left whole, for the pages still to come.
    expect(findRoute(routes, 'public/home')).toBeDefined();
  });

  it('leads every navigation where the whole table leads, however close the first match', async () => {
    const full = shapeOf(routeTable());
    const journeys: Array<[from: string, to: string]> = [
      ['/', `/event/${eventId}`],
      ['/find-events', '/account/bookings'],
      ['/find-events', '/account'],
      ['/help-desk/tickets', '/help-desk/raise-case'],
      ['/events/music', '/events'],
      ['/events/music', `/event/${eventId}`],
      [`/event/${eventId}`, '/organizer/events/x/door-list'],
      ['/no-such-page', '/about-us'],
      ['/about-us', '/no-such-page'],
      ['/admin/cases', '/admin/cases/1'],
    ];
    for (const [from, to] of journeys) {
      const ids = matchedIds(from);
      const start = routerStart(full, ids);
      const router = createMemoryRouter(start.routes, {
        initialEntries: [from],
        hydrationData: { loaderData: {} },
        patchRoutesOnNavigation: start.patchRoutesOnNavigation,
      });
      expect(router.state.matches.map((match) => match.route.id)).toEqual(ids);
      await router.navigate(to);
      const whole = createMemoryRouter(full, { initialEntries: [to], hydrationData: { loaderData: {} } });
      expect(
        router.state.matches.map((match) => match.route.id),
        `${from} -> ${to}`,
      ).toEqual(whole.state.matches.map((match) => match.route.id));
      // Back where it started, the first page is found again in the table now whole.
      await router.navigate(from);
      expect(router.state.matches.map((match) => match.route.id)).toEqual(ids);
      router.dispose();
      whole.dispose();
    }
  });

  it('adds the rest once, and not during a navigation already cancelled', async () => {
    const routes = routeTable();
    const start = routerStart(routes, matchedIds('/'));
    const patched: Array<string | null> = [];
    const call = (aborted: boolean) => {
      const controller = new AbortController();
      if (aborted) controller.abort();
      return start.patchRoutesOnNavigation({
        signal: controller.signal,
        path: '/about-us',
        matches: [],
        fetcherKey: undefined,
        patch: (parentId) => void patched.push(parentId),
      });
    };
    await call(true);
    expect(patched).toEqual([]);
    await call(false);
    expect(patched).toEqual([null, 'root']);
    await call(false);
    expect(patched).toEqual([null, 'root']);
  });
});

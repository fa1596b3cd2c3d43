// @vitest-environment jsdom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { Pager } from './pager.tsx';
import { choiceFilter, textFilter } from './url-filters.ts';
import { type UrlFilters, useUrlFilters } from './use-url-filters.ts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const schema = { q: textFilter(), status: choiceFilter(['paid', 'refunded']) };
type Values = { q: string; status: 'paid' | 'refunded' | null };

let latest: UrlFilters<Values>;
function Orders() {
  latest = useUrlFilters(schema);
  return <Pager label="Orders pages" previous={latest.cursor ? latest.pageHref(null) : null} next={latest.pageHref('page-2')} />;
}

const routerAt = (entry: string) => createMemoryRouter([{ path: '/orders', element: <Orders /> }], { initialEntries: [entry] });

let root: Root | null = null;
afterEach(() => {
  act(() => root?.unmount());
  root = null;
  document.body.innerHTML = '';
});

describe('useUrlFilters', () => {
  it('reads the filters and renders its paging links on the server', () => {
    const html = renderToString(<RouterProvider router={routerAt('/orders?status=paid&q=ada')} />);
    expect(latest.values).toEqual({ q: 'ada', status: 'paid' });
    expect(latest.cursor).toBeNull();
    expect(html).toContain('href="/orders?status=paid&amp;q=ada&amp;cursor=page-2"');
    expect(html).toContain('<span aria-disabled="true"');
  });

  it('writes a change to the address and goes back to the first page', () => {
    const router = routerAt('/orders?status=paid&cursor=page-2');
    const host = document.createElement('div');
    document.body.append(host);
    root = createRoot(host);
    act(() => root?.render(<RouterProvider router={router} />));
    expect(latest.cursor).toBe('page-2');
    expect(host.querySelector('a')?.getAttribute('href')).toBe('/orders?status=paid');

    act(() => latest.set({ status: 'refunded' }));
    expect(router.state.location.search).toBe('?status=refunded');
    expect(latest.values.status).toBe('refunded');
    expect(latest.cursor).toBeNull();

    act(() => latest.set({ q: 'grace' }, { replace: true }));
    expect(router.state.historyAction).toBe('REPLACE');
    act(() => latest.reset());
    expect(router.state.location.search).toBe('');
  });
});

// @vitest-environment jsdom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { LinkTabs, Tabs, tabKeyTarget } from './tabs.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const tabs = [
  { id: 'tickets', label: 'Tickets', panel: <p>Two tickets</p> },
  { id: 'history', label: 'History', panel: <p>Paid</p> },
  { id: 'notes', label: 'Notes', panel: <p>None</p> },
];

let root: Root | null = null;
afterEach(() => {
  act(() => root?.unmount());
  root = null;
  document.body.innerHTML = '';
});

function mount() {
  const host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
  act(() => root?.render(<Tabs label="Order details" tabs={tabs} />));
  return {
    tab: (name: string) =>
      [...host.querySelectorAll<HTMLElement>('[role="tab"]')].find((tab) => tab.textContent === name) as HTMLElement,
    visiblePanel: () => host.querySelector<HTMLElement>('[role="tabpanel"]:not([hidden])'),
  };
}

const press = (element: HTMLElement, key: string) =>
  act(() => {
    element.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true }));
  });

describe('tabKeyTarget', () => {
  it('wraps around with the arrows and jumps with Home and End', () => {
    expect(tabKeyTarget('ArrowRight', 2, 3)).toBe(0);
    expect(tabKeyTarget('ArrowLeft', 0, 3)).toBe(2);
    expect(tabKeyTarget('Home', 2, 3)).toBe(0);
    expect(tabKeyTarget('End', 0, 3)).toBe(2);
    expect(tabKeyTarget('Enter', 0, 3)).toBeNull();
  });
});

describe('Tabs', () => {
  it('renders every panel on the server, all hidden but the first', () => {
    const html = renderToString(<Tabs label="Order details" tabs={tabs} />);
    expect(html).toContain('role="tablist"');
    expect(html).toContain('aria-label="Order details"');
    expect(html.match(/role="tabpanel"/g)).toHaveLength(3);
    expect(html.match(/hidden=""/g)).toHaveLength(2);
  });

  it('moves between tabs with the arrow keys, opening and focusing the one it reaches', () => {
    const { tab, visiblePanel } = mount();
    const first = tab('Tickets');
    expect(first.getAttribute('aria-selected')).toBe('true');
    expect(first.tabIndex).toBe(0);
    expect(tab('History').tabIndex).toBe(-1);

    first.focus();
    press(first, 'ArrowRight');
    expect(document.activeElement).toBe(tab('History'));
    expect(tab('History').getAttribute('aria-selected')).toBe('true');
    expect(first.getAttribute('aria-selected')).toBe('false');
    expect(visiblePanel()?.textContent).toBe('Paid');
    expect(visiblePanel()?.getAttribute('aria-labelledby')).toBe(tab('History').id);

    press(tab('History'), 'End');
    expect(document.activeElement).toBe(tab('Notes'));
    press(tab('Notes'), 'ArrowRight');
    expect(document.activeElement).toBe(first);
    expect(visiblePanel()?.textContent).toBe('Two tickets');
  });

  it('opens a tab on click', () => {
    const { tab, visiblePanel } = mount();
    act(() => tab('Notes').click());
    expect(visiblePanel()?.textContent).toBe('None');
  });
});

describe('LinkTabs', () => {
  it('marks the link of the current address', () => {
    const router = createMemoryRouter(
      [
        {
          path: '*',
          element: (
            <LinkTabs
              label="Event sections"
              links={[
                { to: '/e/1', label: 'Overview', end: true },
                { to: '/e/1/orders', label: 'Orders' },
              ]}
            />
          ),
        },
      ],
      { initialEntries: ['/e/1/orders'] },
    );
    const html = renderToString(<RouterProvider router={router} />);
    expect(html).toContain('<nav aria-label="Event sections">');
    expect(html).toMatch(/<a aria-current="page"[^>]*href="\/e\/1\/orders"/);
    expect(html).not.toMatch(/<a aria-current="page"[^>]*href="\/e\/1"/);
  });
});

// @vitest-environment jsdom
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearScreen, renderScreen } from '../../lib/screen.test-helper.tsx';
import type { RouteSession } from '../../lib/session/route-session.ts';
import { UserAccountLayout } from './area-layouts.tsx';
import { DefaultLayout } from './default-layout.tsx';
import { HomeLayout } from './home-layout.tsx';

type Layout = (props: { children: ReactNode }) => ReactNode;

const attendee: Partial<RouteSession> = {
  signedIn: true,
  authId: '00000000-0000-4000-8000-0000000000aa',
  platforms: ['attendee'],
};

/** Every link and button in the page's banner (its first header), as "label → address". */
async function headerItems(Layout: Layout, path: string, session: Partial<RouteSession>): Promise<string[]> {
  const { container } = renderScreen(
    <Layout>
      <p>page</p>
    </Layout>,
    { session, path },
  );
  const header = await vi.waitFor(() => {
    const found = container.querySelector('header');
    if (!found) throw new Error('No header yet');
    return found;
  });
  const items = [...header.querySelectorAll('a, button, summary')].map(
    (item) => `${item.textContent?.trim()} → ${item.getAttribute('href') ?? item.tagName.toLowerCase()}`,
  );
  clearScreen();
  return items;
}

afterEach(clearScreen);

describe('the site header', () => {
  it('offers a signed-in attendee the same items on the home page, a public page and in their account', async () => {
    const events = await headerItems(DefaultLayout, '/events', attendee);
    expect(events).toContain('My account → /account');
    expect(events).toContain('Sign out → button');
    expect(await headerItems(HomeLayout, '/', attendee)).toEqual(events);
    expect(await headerItems(UserAccountLayout, '/account', attendee)).toEqual(events);
  });

  it('offers an organiser and administrator their areas everywhere, and a visitor the way to sign in', async () => {
    const both = { ...attendee, platforms: ['attendee', 'admin'], organizationId: '00000000-0000-4000-8000-0000000000bb' };
    const account = await headerItems(UserAccountLayout, '/account', both as Partial<RouteSession>);
    expect(account).toEqual(expect.arrayContaining(['Organiser → /organizer/dashboard', 'Admin → /admin']));
    expect(await headerItems(DefaultLayout, '/about-us', both as Partial<RouteSession>)).toEqual(account);
    const visitor = await headerItems(DefaultLayout, '/events', {});
    expect(visitor).toContain('Sign in → /sign-in');
    expect(visitor.some((item) => item.startsWith('Sign out'))).toBe(false);
  });

  it('closes the account menu on Escape and on a press elsewhere on the page', async () => {
    const { container } = renderScreen(
      <DefaultLayout>
        <p>page</p>
      </DefaultLayout>,
      { session: attendee, path: '/events' },
    );
    const menu = await vi.waitFor(() => {
      const found = container.querySelector<HTMLDetailsElement>('header details');
      if (!found) throw new Error('No menu yet');
      return found;
    });
    // The menu listens once its effects have run, which may be after it is on screen: Escape is pressed until then.
    await vi.waitFor(() => {
      menu.open = true;
      document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' }));
      expect(menu.open).toBe(false);
    });
    menu.open = true;
    menu.querySelector('a')?.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    expect(menu.open).toBe(true);
    container.querySelector('p')?.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    expect(menu.open).toBe(false);
  });
});

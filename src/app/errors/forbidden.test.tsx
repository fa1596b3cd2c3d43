// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearScreen, renderScreen } from '../../lib/screen.test-helper.tsx';
import type { RouteSession } from '../../lib/session/route-session.ts';
import { Forbidden } from './forbidden.tsx';

afterEach(clearScreen);

async function refused(session: Partial<RouteSession>) {
  const { container } = renderScreen(<Forbidden />, {
    session: { signedIn: true, authId: 'user-1', ...session },
    path: '/admin',
  });
  await vi.waitFor(() => expect(container.querySelector('h1')).not.toBeNull());
  return container.textContent ?? '';
}

describe('the 403 page', () => {
  it('tells an administrator acting as a user to stop acting first, not to ask an organisation’s owner', async () => {
    const text = await refused({ acting: { adminId: 'admin-1', expiresAt: Date.now() / 1000 + 600 } });
    expect(text).toContain('You are acting as a user');
    expect(text).toContain('“Stop acting” in the banner');
    expect(text).not.toContain('owner of your organisation');
  });

  it('sends anyone else to their organisation’s owner or the help desk', async () => {
    const text = await refused({ acting: null });
    expect(text).toContain('This page is not available to your account');
    expect(text).toContain('ask the owner of your organisation');
  });
});

// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MemberRole } from '../../contract/users.ts';
import { answering, clearScreen, renderScreen } from '../../lib/screen.test-helper.tsx';
import { OrganizerDashboardLayout } from './area-layouts.tsx';

const userId = '00000000-0000-4000-8000-0000000000aa';
const organizationId = '00000000-0000-4000-8000-0000000000bb';

function organiserMenu(role: MemberRole): () => string[] {
  const api = answering({
    [`/users/${userId}`]: { id: userId, organizationId, organizationRole: role, platforms: ['organiser'] },
    [`/organizations/${organizationId}`]: { id: organizationId, name: 'Northern Lights Live' },
  });
  const { container } = renderScreen(
    <OrganizerDashboardLayout>
      <p>page</p>
    </OrganizerDashboardLayout>,
    { api, session: { signedIn: true, authId: userId, organizationId }, path: '/organizer/events' },
  );
  const labels = () =>
    [...container.querySelectorAll('nav[aria-label="Organiser"] a')].map((link) => link.textContent?.trim() ?? '');
  return labels;
}

/** The menu once it has settled: the whole menu is drawn until the role is known, then the role's own. */
async function settledMenu(role: MemberRole, expected: string[]) {
  const labels = organiserMenu(role);
  await vi.waitFor(() => expect(labels()).toEqual(expected));
}

afterEach(clearScreen);

describe('the organiser menu', () => {
  it('offers door staff only the pages they may open', async () => {
    await settledMenu('door', ['Events', 'Reports', 'Scan tickets', 'Settings']);
  });

  it('offers finance the money pages and not the scanner', async () => {
    await settledMenu('finance', ['Dashboard', 'Events', 'Payments', 'Payouts', 'Reports', 'Settings']);
  });

  it('offers an owner every page', async () => {
    await settledMenu('owner', ['Dashboard', 'Events', 'Payments', 'Payouts', 'Reports', 'Scan tickets', 'Settings']);
  });
});

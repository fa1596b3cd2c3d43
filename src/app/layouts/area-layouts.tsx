import { skipToken, useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { can, type Permission } from '../../contract/permissions.ts';
import { adminKeys } from '../../lib/query-keys/admin.ts';
import { useSession } from '../../lib/session/use-session.ts';
import { type SideNavItem, SideNavLayout } from './side-nav-layout.tsx';

// Each area lists only the pages that exist; features add theirs as they land.
const accountItems: SideNavItem[] = [
  { to: '/account', label: 'Profile', end: true },
  { to: '/account/bookings', label: 'Bookings' },
  { to: '/account/bookmarks', label: 'Bookmarks' },
];
/** `needs`: any one of these permissions shows the page; a member whose role has none is not offered it. */
const organizerItems: (SideNavItem & { needs?: Permission[] })[] = [
  { to: '/organizer/dashboard', label: 'Dashboard', needs: ['orders.read'] },
  { to: '/organizer/events', label: 'Events', needs: ['events.read'] },
  { to: '/organizer/payments', label: 'Payments', needs: ['orders.read'] },
  { to: '/organizer/payouts', label: 'Payouts', needs: ['payouts.read'] },
  // Door staff open the door list there.
  { to: '/organizer/reports', label: 'Reports', needs: ['orders.read', 'checkin.scan'] },
  { to: '/organizer/scan-ticket', label: 'Scan tickets', needs: ['checkin.scan'] },
  { to: '/organizer/settings', label: 'Settings' },
];
/** Each admin page with the permission it needs (the strings of src/contract/admin.ts, kept out of this shared chunk). */
/** `needs`: any one of these permissions shows the page. */
const adminItems: (SideNavItem & { needs?: string[] })[] = [
  { to: '/admin', label: 'Overview', end: true },
  { to: '/admin/users', label: 'Users', needs: ['users.read'] },
  { to: '/admin/organisers', label: 'Organisers', needs: ['organisers.review'] },
  { to: '/admin/orders', label: 'Orders', needs: ['payments.read', 'orders.refund'] },
  { to: '/admin/tickets', label: 'Tickets', needs: ['tickets.void'] },
  { to: '/admin/events', label: 'Events', needs: ['events.moderate'] },
  { to: '/admin/messages', label: 'Messages to attendees', needs: ['events.moderate'] },
  { to: '/admin/payments', label: 'Payments', needs: ['payments.read'] },
  { to: '/admin/booking-fees', label: 'Booking fees', needs: ['fees.manage'] },
  { to: '/admin/user-groups', label: 'User groups', needs: ['groups.manage'] },
  { to: '/admin/cases', label: 'Cases', needs: ['cases.handle'] },
  { to: '/admin/saved-replies', label: 'Saved replies', needs: ['cases.handle'] },
  { to: '/admin/help-articles', label: 'Help articles', needs: ['help.edit'] },
];

export function UserAccountLayout({ children }: { children: ReactNode }) {
  return (
    <SideNavLayout area="My account" items={accountItems}>
      {children}
    </SideNavLayout>
  );
}

/** Lists the pages the member's role may open; every page while the account is not loaded yet (the API checks each call). */
export function OrganizerDashboardLayout({ children }: { children: ReactNode }) {
  const { user } = useSession({ silent: true });
  const items = user
    ? organizerItems.filter((item) => !item.needs || item.needs.some((one) => can(user.organizationRole, one)))
    : organizerItems;
  return (
    <SideNavLayout area="Organiser" items={items}>
      {children}
    </SideNavLayout>
  );
}

/** Lists the pages the administrator's groups allow, from the permissions the admin pages' loaders fetched. */
export function AdminLayout({ children }: { children: ReactNode }) {
  const access = useQuery<{ permissions: string[] }>({ queryKey: adminKeys.access(), queryFn: skipToken });
  const permissions = access.data?.permissions ?? [];
  const items = adminItems.filter((item) => !item.needs || item.needs.some((one) => permissions.includes(one)));
  return (
    <SideNavLayout area="Admin" items={items}>
      {children}
    </SideNavLayout>
  );
}

import type { ReactNode } from 'react';
import { type SideNavItem, SideNavLayout } from './side-nav-layout.tsx';

// Each area lists only the pages that exist; features add theirs as they land.
const accountItems: SideNavItem[] = [
  { to: '/account', label: 'Profile', end: true },
  { to: '/account/bookings', label: 'Bookings' },
  { to: '/account/bookmarks', label: 'Bookmarks' },
];
const organizerItems: SideNavItem[] = [
  { to: '/organizer/events', label: 'Events' },
  { to: '/organizer/payments', label: 'Payments' },
  { to: '/organizer/scan-ticket', label: 'Scan tickets' },
  { to: '/organizer/settings', label: 'Settings' },
];
const adminItems: SideNavItem[] = [
  { to: '/admin', label: 'Overview', end: true },
  { to: '/admin/users', label: 'Users' },
  { to: '/admin/user-groups', label: 'User groups' },
];

export function UserAccountLayout({ children }: { children: ReactNode }) {
  return (
    <SideNavLayout area="My account" items={accountItems}>
      {children}
    </SideNavLayout>
  );
}

export function OrganizerDashboardLayout({ children }: { children: ReactNode }) {
  return (
    <SideNavLayout area="Organiser" items={organizerItems}>
      {children}
    </SideNavLayout>
  );
}

export function AdminLayout({ children }: { children: ReactNode }) {
  return (
    <SideNavLayout area="Admin" items={adminItems}>
      {children}
    </SideNavLayout>
  );
}

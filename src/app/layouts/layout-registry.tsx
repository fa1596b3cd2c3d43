import type { ReactNode } from 'react';
import type { LayoutName } from '../route-handle.ts';
import { AdminLayout, OrganizerDashboardLayout, UserAccountLayout } from './area-layouts.tsx';
import { AuthLayout } from './auth-layout.tsx';
import { DefaultLayout } from './default-layout.tsx';
import { HomeLayout } from './home-layout.tsx';
import { ValidateTicketLayout } from './validate-ticket-layout.tsx';

export const layouts: Record<LayoutName, (props: { children: ReactNode }) => ReactNode> = {
  default: DefaultLayout,
  home: HomeLayout,
  auth: AuthLayout,
  'user-account': UserAccountLayout,
  'organizer-dashboard': OrganizerDashboardLayout,
  'validate-ticket-layout': ValidateTicketLayout,
  admin: AdminLayout,
};

import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { BootState } from '../lib/boot-state.ts';
import { BootStateProvider } from '../lib/public-config.tsx';
import { Toasts } from '../lib/toasts.tsx';
import { Document } from './document.tsx';

interface AppShellProps {
  state: BootState;
  queryClient: QueryClient;
  /** The router provider: static on the server, browser router in the client. */
  children: ReactNode;
}

/** Providers shared by server rendering and hydration, so both trees match. */
export function AppShell({ state, queryClient, children }: AppShellProps) {
  return (
    <Document state={state}>
      <BootStateProvider value={state}>
        <QueryClientProvider client={queryClient}>
          {children}
          <Toasts />
        </QueryClientProvider>
      </BootStateProvider>
    </Document>
  );
}

import { createContext, useContext } from 'react';
import type { BootState } from './boot-state.ts';

const BootStateContext = createContext<BootState | null>(null);

export const BootStateProvider = BootStateContext.Provider;

/** The boot state of this page (public configuration, origin); available on server and client. */
export function useBootState(): BootState {
  const state = useContext(BootStateContext);
  if (!state) throw new Error('useBootState must be used inside BootStateProvider');
  return state;
}

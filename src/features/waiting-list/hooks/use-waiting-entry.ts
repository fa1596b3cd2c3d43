import { useCallback, useEffect, useState } from 'react';
import type { WaitingEntryView } from '#contract/waiting-list.ts';
import { statusOf, useApiCaller } from '#lib/api-caller.tsx';
import { confirmWaitingEntry } from '../api/confirm-waiting-entry.ts';
import { viewWaitingEntry } from '../api/view-waiting-entry.ts';

export type WaitingEntryState =
  | { kind: 'loading' }
  | { kind: 'ready'; entry: WaitingEntryView }
  /** `status` 0: no answer (offline); 404: the link names no place on a list. */
  | { kind: 'failed'; status: number };

/**
 * The place a mailed link names, read as the page opens: from the confirmation mail (`confirm`) it proves the email
 * first, and a link opened a second time (the email already proven) just shows the place. The secret goes in POST
 * bodies only, never in a query key or another address.
 */
export function useWaitingEntry(token: string, confirm: boolean) {
  const api = useApiCaller();
  const [state, setState] = useState<WaitingEntryState>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    // A retry counts as a dependency: the same link is read again.
    void attempt;
    let current = true;
    setState({ kind: 'loading' });
    const read = async () => {
      if (!confirm) return viewWaitingEntry(api, token);
      try {
        return await confirmWaitingEntry(api, token);
      } catch (error) {
        if (statusOf(error) === 409) return viewWaitingEntry(api, token);
        throw error;
      }
    };
    read().then(
      (entry) => current && setState({ kind: 'ready', entry }),
      (error: unknown) => current && setState({ kind: 'failed', status: statusOf(error) }),
    );
    return () => {
      current = false;
    };
  }, [api, token, confirm, attempt]);

  const retry = useCallback(() => setAttempt((count) => count + 1), []);
  /** Shows what another call answered (leaving). */
  const show = useCallback((entry: WaitingEntryView) => setState({ kind: 'ready', entry }), []);
  return { state, retry, show };
}

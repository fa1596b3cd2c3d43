import { useMutation } from '@tanstack/react-query';
import type { ActingStarted } from '#contract/acting.ts';
import { useApiCaller } from '#lib/api-caller.tsx';
import { writeActingCookie } from '#lib/session/acting.ts';
import { endActing } from '#lib/session/end-acting.ts';

/**
 * Starts acting as a user for support with a reason (decision 033): the acting token goes into its own cookie and
 * the user's account page loads; the admin's own session cookies stay untouched underneath.
 */
export function useStartActing() {
  const api = useApiCaller();
  return useMutation({
    mutationFn: ({ userId, reason }: { userId: string; reason: string }) =>
      api<ActingStarted>({
        method: 'POST',
        url: `/admin/users/${encodeURIComponent(userId)}/act`,
        data: { reason },
        silent: true,
      }),
    onSuccess: (started) => {
      writeActingCookie(started.accessToken, started.expiresAt);
      window.location.assign('/account');
    },
  });
}

/** Stops acting (the call goes with the acting token, which stops working at once) and returns to /admin/users. */
export function useStopActing() {
  const api = useApiCaller();
  return useMutation({
    mutationFn: async (userId: string) => {
      try {
        await api({ method: 'POST', url: `/admin/users/${encodeURIComponent(userId)}/act/stop`, silent: true });
      } catch {
        // Already ended (expired or offline): the acting still ends in this browser.
      }
      await endActing();
    },
  });
}

import { buttonClass } from '#components/button.ts';
import { ACTING_MINUTES } from '#contract/acting.ts';
import { useSession } from '#lib/session/use-session.ts';
import { useHydrated } from '#lib/use-hydrated.ts';
import { useStopActing } from '../api/acting.ts';

/**
 * Shown above every page while an administrator acts as a user for support (decision 033): who is acted as, what
 * support may change (the routes decision 048 lists), and the way back to the admin's own session.
 */
export function ActingBanner() {
  const session = useSession({ silent: true });
  const stop = useStopActing();
  // The name comes from the account query, which the server and the browser may hold differently while hydrating.
  const hydrated = useHydrated();
  const userId = session.authId;
  if (!session.acting || !userId) return null;
  const { user } = session;
  const who = hydrated && user ? `${user.firstName} ${user.lastName} (${user.email})` : 'this user';
  return (
    <section
      aria-label="Acting for support"
      className="border-amber-300 border-b-2 bg-amber-100 text-amber-950"
      data-acting-banner
    >
      <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-x-4 gap-y-2 px-4 py-2">
        <div>
          <p className="font-semibold">Acting as {who} for support</p>
          <p className="text-sm">
            You can view, edit their profile and bookmarks, and reply on their cases; money, access and mail to others are
            refused. Ends within {ACTING_MINUTES} minutes.
          </p>
        </div>
        <button
          type="button"
          className={buttonClass('primary', 'small')}
          disabled={stop.isPending}
          onClick={() => stop.mutate(userId)}
        >
          Stop acting
        </button>
      </div>
    </section>
  );
}

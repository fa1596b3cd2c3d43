import { useRouteSession } from '#lib/session/session-context.tsx';
import { useBookmarkOverrides } from '../hooks/use-bookmarked.ts';

const plural = (count: number, one: string, many: string) => (count === 1 ? one : many);

/** Says how many bookmark changes are kept on this device, waiting for a connection. */
export function PendingBookmarksNotice({ unlisted = 0 }: { unlisted?: number }) {
  const { authId } = useRouteSession();
  const overrides = useBookmarkOverrides();
  let waiting = 0;
  for (const [key, override] of overrides) if (key.startsWith(`${authId}:`) && override.status === 'waiting') waiting += 1;
  return (
    <div role="status" className="empty:hidden">
      {waiting > 0 ? (
        <p className="mb-4 rounded-xl bg-amber-50 px-4 py-3 text-amber-900 text-sm ring-1 ring-amber-200">
          {waiting} bookmark {plural(waiting, 'change is', 'changes are')} saved on this device and will sync when you’re online.
          {unlisted > 0
            ? ` ${unlisted} ${plural(unlisted, 'event', 'events')} bookmarked offline will be listed here then.`
            : null}
        </p>
      ) : null}
    </div>
  );
}

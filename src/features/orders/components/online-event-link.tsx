import { buttonClass } from '../../../components/button.ts';
import type { Order } from '../../../contract/orders.ts';

/** The online event's address for ticket holders: shown in full, opened in a new tab, http(s) only. */
export function OnlineEventLink({ event }: { event: Pick<Order['event'], 'isOnline' | 'onlineUrl'> }) {
  if (!event.isOnline || !event.onlineUrl) return null;
  let url: URL;
  try {
    url = new URL(event.onlineUrl);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  // The link is the organiser's, given to the buyer on purpose: it opens outside the app's link allowlist.
  const open = () => window.open(url.href, '_blank', 'noopener,noreferrer');
  return (
    <div className="rounded-xl bg-indigo-50 p-4 ring-1 ring-indigo-200">
      <p className="font-semibold text-indigo-950">Join online</p>
      <p className="mt-1 break-all font-mono text-indigo-900 text-sm">{url.href}</p>
      <button type="button" onClick={open} className={`mt-3 ${buttonClass('primary', 'small')}`}>
        Open the event link
      </button>
    </div>
  );
}

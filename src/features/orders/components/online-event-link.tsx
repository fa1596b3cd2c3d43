import { buttonClass } from '#components/button.ts';
import type { Order } from '#contract/orders.ts';
import { copyWithToast } from '#lib/clipboard.ts';
import { hostOf } from '#lib/external-navigation.ts';
import { OutboundLink } from '#lib/outbound-link.tsx';
import { useHydrated } from '#lib/use-hydrated.ts';

/**
 * The online event's address for ticket holders, shown in full. Admit opens it (in a new tab) only when its site is
 * allowed (decision 049); otherwise the address stays here to copy, with a sentence saying why there is no button.
 */
export function OnlineEventLink({ event }: { event: Pick<Order['event'], 'isOnline' | 'onlineUrl'> }) {
  const hydrated = useHydrated();
  if (!event.isOnline || !event.onlineUrl) return null;
  let url: URL;
  try {
    url = new URL(event.onlineUrl);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  const copy = (
    <button
      type="button"
      disabled={!hydrated}
      onClick={() => void copyWithToast(url.href, 'Event link copied. Paste it into your browser to join.')}
      className={`mt-3 ${buttonClass('secondary', 'small')}`}
    >
      Copy the event link
    </button>
  );
  return (
    <div className="rounded-xl bg-indigo-50 p-4 ring-1 ring-indigo-200">
      <p className="font-semibold text-indigo-950">Join online</p>
      <p className="mt-1 select-all break-all font-mono text-indigo-900 text-sm">{url.href}</p>
      <OutboundLink
        href={url.href}
        className={`mt-3 ${buttonClass('primary', 'small')}`}
        refused={
          <>
            <p className="mt-2 text-indigo-950 text-sm">
              Admit does not open links to {hostOf(url.href)}. Copy the address and open it in your browser.
            </p>
            {copy}
          </>
        }
      >
        Open the event link<span className="sr-only"> (opens in a new tab)</span>
      </OutboundLink>
    </div>
  );
}

import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { buttonClass } from '#components/button.ts';
import { eventKeys } from '#lib/query-keys/events.ts';
import { useOrder } from '../api/get-order.ts';
import { useReleaseOrder } from '../api/release-order.ts';
import { useNow } from '../hooks/use-now.ts';
import { timeLeft } from '../utils/countdown.ts';
import { forgetHeldOrder, type HeldOrder, heldOrderFor } from '../utils/held-orders.ts';
import { HoldCountdown } from './hold-countdown.tsx';

/**
 * A buyer back on the event page with tickets held on this device (e.g. after "back" from paying):
 * the countdown, the way back to paying, and, once the hold lapses, that the tickets went back on sale.
 */
export function HeldOrderNotice({ eventId }: { eventId: string }) {
  const [held, setHeld] = useState<HeldOrder | null>(null);
  const now = useNow(1000, held !== null);
  const queryClient = useQueryClient();
  const release = useReleaseOrder();
  useEffect(() => setHeld(heldOrderFor(eventId)), [eventId]);
  const left = held && now !== null ? timeLeft(held.holdExpiresAt, now) : null;
  // Paid since (another tab, a late confirmation) or already settled: nothing is held any more.
  const order = useOrder(held?.orderId ?? null, held?.token ?? null);
  const settled = order.data !== undefined && order.data.status !== 'pending' && order.data.status !== 'failed';
  useEffect(() => {
    if (!settled || !held || order.data?.status === 'expired') return;
    forgetHeldOrder(held.orderId);
    setHeld(null);
  }, [settled, held, order.data?.status]);
  const lapsed = left === 0 || order.data?.status === 'expired';

  // The held tickets are on sale again: availability on the page is out of date. Reading the order first has the
  // server settle the lapsed hold, so the event read after it counts the tickets as free.
  const settling = useRef(false);
  useEffect(() => {
    if (!lapsed || settling.current) return;
    settling.current = true;
    void order.refetch().finally(() => queryClient.invalidateQueries({ queryKey: eventKeys.detail(eventId) }));
  }, [lapsed, eventId, queryClient, order]);

  if (!held || left === null) return null;
  const dismiss = () => {
    forgetHeldOrder(held.orderId);
    setHeld(null);
  };
  const one = held.tickets === 1;

  if (lapsed || release.isSuccess) {
    return (
      <div role="status" className="rounded-xl bg-slate-100 p-4 text-slate-800">
        <p className="font-semibold">{release.isSuccess ? 'You gave up your held tickets.' : 'Your hold has ended.'}</p>
        <p className="mt-1 text-sm">
          {one ? 'The ticket' : `The ${held.tickets} tickets`} went back on sale. You can choose again below.
        </p>
        <button type="button" onClick={dismiss} className={`${buttonClass('secondary', 'small')} mt-3`}>
          OK
        </button>
      </div>
    );
  }
  return (
    <div className="space-y-3">
      <HoldCountdown left={left} label={one ? 'Your ticket is held for you' : `Your ${held.tickets} tickets are held for you`} />
      <div className="grid gap-2 sm:grid-cols-2">
        {held.paymentUrl?.startsWith('/') ? (
          <Link to={held.paymentUrl} className={buttonClass('primary', 'small')}>
            Continue to payment
          </Link>
        ) : null}
        <button
          type="button"
          disabled={release.isPending}
          onClick={() =>
            release.mutate(
              { orderId: held.orderId, token: held.token },
              {
                onSuccess: () => {
                  forgetHeldOrder(held.orderId);
                  void queryClient.invalidateQueries({ queryKey: eventKeys.detail(eventId) });
                },
              },
            )
          }
          className={buttonClass('secondary', 'small')}
        >
          {release.isPending ? 'Releasing…' : one ? 'Release the ticket' : 'Release the tickets'}
        </button>
      </div>
    </div>
  );
}

import type { Order, OrderStatus } from '#contract/orders.ts';

export type Resolution = 'paid' | 'pending' | 'failed';

/** What the return landing makes of an order: go to the tickets, keep waiting, or explain the failure. */
export function resolveOrder(status: OrderStatus): Resolution {
  if (status === 'paid' || status === 'partially_refunded') return 'paid';
  if (status === 'pending') return 'pending';
  return 'failed';
}

export type LandingStep = 'tickets' | 'explain' | 'wait';

/**
 * What the return landing does with the order: go to the tickets (paid, or free tickets waiting for the emailed
 * code), explain the failure, or keep waiting. Only an order read since the landing opened decides: a copy the
 * cache kept from before (the error page of an earlier, refused card read `failed` moments ago) says nothing of
 * the payment the buyer has just made, and acting on it told buyers who had paid that their card was declined.
 */
export function landingStep(
  order: Pick<Order, 'status' | 'awaitingEmailCode'> | undefined,
  readSinceLanding: boolean,
): LandingStep {
  if (!order || !readSinceLanding) return 'wait';
  const resolution = resolveOrder(order.status);
  if (resolution === 'paid' || order.awaitingEmailCode) return 'tickets';
  return resolution === 'failed' ? 'explain' : 'wait';
}

/** The error page's reason for an order that did not go through. */
export function failureReasonParam(status: OrderStatus, urlReason: string | null): string {
  if (status === 'expired') return 'expired';
  if (status === 'cancelled' || status === 'refunded') return status;
  // Back from the payment page without paying: the order is still held, not cancelled.
  if (urlReason === 'cancelled') return 'abandoned';
  return urlReason ?? 'declined';
}

const reasons: Record<string, { title: string; detail: string }> = {
  declined: { title: 'Your card was declined', detail: 'Your bank refused the payment. Nothing was charged.' },
  insufficient_funds: {
    title: 'Your card has insufficient funds',
    detail: 'There was not enough money on the card. Nothing was charged.',
  },
  expired: { title: 'Your hold has ended', detail: 'The time to pay ran out and the tickets went back on sale.' },
  cancelled: { title: 'This order was cancelled', detail: 'The tickets were released and nothing was charged.' },
  abandoned: {
    title: 'You left the payment',
    detail: 'Nothing was charged. Your tickets are held a little longer if you want to pay.',
  },
  refunded: { title: 'This order was refunded', detail: 'The money went back to the card it came from.' },
};

export interface Explanation {
  title: string;
  detail: string;
  /** A refusal is an error; leaving, lapsing or a cancellation is news. */
  tone: 'error' | 'neutral';
}

const refusals = new Set(['declined', 'insufficient_funds']);

/** A heading and a sentence for the reason in the address, or the order's own words. */
/** The same sentence, whatever its case and closing stop: "Your card was declined." and the title above it. */
const sameSentence = (a: string, b: string) =>
  a.trim().replace(/\.$/, '').toLowerCase() === b.trim().replace(/\.$/, '').toLowerCase();

export function explainFailure(reason: string | null, failureReason: string | null): Explanation {
  const known = reason ? reasons[reason] : undefined;
  const tone = !known || refusals.has(reason ?? '') ? 'error' : 'neutral';
  if (known) {
    // The provider's words only when they add to the title, never the title said twice.
    const said = failureReason && !sameSentence(failureReason, known.title) ? failureReason : null;
    return { title: known.title, detail: said ?? known.detail, tone };
  }
  return { title: 'Your payment did not go through', detail: failureReason ?? 'Nothing was charged. Please try again.', tone };
}

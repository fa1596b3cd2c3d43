import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { Order } from '#contract/orders.ts';
import { navigateTo } from '#lib/external-navigation.ts';
import { eventKeys } from '#lib/query-keys/events.ts';
import { forgetHeldOrder, rememberHeldOrder } from '../utils/held-orders.ts';
import { orderPagePath, paymentDestination } from '../utils/payment-destination.ts';
import { ticketCount } from '../utils/ticket-choice.ts';

/**
 * Where a placed order goes next, the same from the event page and from a waiting-list offer: paid or free, its
 * confirmation page (which asks for the mailed code when free tickets wait for it); held, the payment page, with the
 * hold remembered on this device. `continueWith` answers false when the payment page could not be opened.
 */
export function useOrderContinuation(eventId: string) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [leaving, setLeaving] = useState(false);

  const continueWith = (order: Order): boolean => {
    void queryClient.invalidateQueries({ queryKey: eventKeys.detail(eventId) });
    const token = order.accessToken ?? null;
    if (order.status === 'paid' || !order.paymentUrl) {
      forgetHeldOrder(order.id);
      setLeaving(true);
      navigate(orderPagePath('success', order.id, token));
      return true;
    }
    if (order.holdExpiresAt) {
      rememberHeldOrder({
        orderId: order.id,
        token,
        eventId,
        tickets: ticketCount(order.items),
        paymentUrl: order.paymentUrl,
        holdExpiresAt: order.holdExpiresAt,
      });
    }
    const destination = paymentDestination(order.paymentUrl);
    setLeaving(true);
    if (destination.kind === 'route') {
      navigate(destination.to);
      return true;
    }
    // A provider page the guard refuses gets its toast there, and the form says so too.
    if (destination.kind === 'external' && navigateTo(destination.href)) return true;
    setLeaving(false);
    return false;
  };

  return { continueWith, leaving };
}

/** What a form says when `continueWith` could not open the payment page. */
export const paymentPageRefused = 'The payment page could not be opened. Please try again.';

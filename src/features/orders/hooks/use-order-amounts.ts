import { noBookingFee, type OrderAmounts, orderAmounts } from '#contract/booking-fee.ts';
import { useBookingFee } from '../api/get-booking-fee.ts';
import type { ChosenLine } from '../utils/ticket-choice.ts';

export interface ShownAmounts {
  subtotal: number;
  /** null while the rule loads (or could not be loaded): the server adds it at checkout either way. */
  bookingFee: number | null;
  total: number | null;
  feeUnavailable: boolean;
}

/** What the chosen tickets of an event cost, with the booking fee (the same arithmetic the server charges). */
export function useOrderAmounts(lines: readonly ChosenLine[], currency: string, eventId: string): ShownAmounts {
  const paid = lines.some((line) => line.unitPrice > 0 && line.quantity > 0);
  const fee = useBookingFee(currency, eventId, paid);
  if (!paid) {
    const amounts: OrderAmounts = orderAmounts(noBookingFee, lines);
    return { ...amounts, feeUnavailable: false };
  }
  if (!fee.data) {
    return { subtotal: orderAmounts(noBookingFee, lines).subtotal, bookingFee: null, total: null, feeUnavailable: fee.isError };
  }
  return { ...orderAmounts(fee.data, lines), feeUnavailable: false };
}

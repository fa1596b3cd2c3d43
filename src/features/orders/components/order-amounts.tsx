import { formatMoney } from '#contract/money.ts';

interface OrderAmountsProps {
  currency: string;
  subtotal: number;
  /** null while the fee rule loads. */
  bookingFee: number | null;
  total: number | null;
  /** Says what the total is for: "Total" before paying, "Paid" after. */
  totalLabel?: string;
  /** What a code took off the tickets (the subtotal is after it), and the code; shown when more than 0. */
  discount?: number;
  discountCode?: string | null;
  /** A word under the discount, e.g. that the prices above already have it taken off. */
  discountNote?: string;
}

/** Subtotal, booking fee and total, aligned on the right like a receipt. */
export function OrderAmounts(props: OrderAmountsProps) {
  const { currency, subtotal, bookingFee, total, totalLabel = 'Total', discount = 0, discountCode = null, discountNote } = props;
  const money = (minor: number | null) => (minor === null ? '…' : formatMoney(minor, currency));
  return (
    <dl className="space-y-1 text-slate-700">
      {discount > 0 ? (
        <div className="flex justify-between gap-4 text-emerald-800">
          <dt className="min-w-0 break-words">
            Discount{discountCode ? ` (${discountCode})` : ''}
            {discountNote ? <span className="block text-slate-600 text-xs">{discountNote}</span> : null}
          </dt>
          <dd className="shrink-0 tabular-nums">−{money(discount)}</dd>
        </div>
      ) : null}
      <div className="flex justify-between gap-4">
        <dt>Subtotal</dt>
        <dd className="tabular-nums">{money(subtotal)}</dd>
      </div>
      <div className="flex justify-between gap-4">
        <dt>Booking fee</dt>
        <dd className="tabular-nums">{bookingFee === null ? 'Calculating…' : money(bookingFee)}</dd>
      </div>
      <div className="flex justify-between gap-4 border-slate-200 border-t pt-2 font-bold text-lg text-slate-900">
        <dt>{totalLabel}</dt>
        <dd className="tabular-nums">{money(total)}</dd>
      </div>
    </dl>
  );
}

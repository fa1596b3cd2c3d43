import { formatMoney } from '../../../contract/money.ts';

interface OrderAmountsProps {
  currency: string;
  subtotal: number;
  /** null while the fee rule loads. */
  bookingFee: number | null;
  total: number | null;
  /** Says what the total is for: "Total" before paying, "Paid" after. */
  totalLabel?: string;
}

/** Subtotal, booking fee and total, aligned on the right like a receipt. */
export function OrderAmounts({ currency, subtotal, bookingFee, total, totalLabel = 'Total' }: OrderAmountsProps) {
  const money = (minor: number | null) => (minor === null ? '…' : formatMoney(minor, currency));
  return (
    <dl className="space-y-1 text-slate-700">
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

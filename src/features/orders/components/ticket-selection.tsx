import { lazy, type ReactNode, Suspense, useEffect, useMemo, useState } from 'react';
import { buttonClass, linkClass } from '#components/button.ts';
import { discountedLines, discountOf } from '#contract/discount-pricing.ts';
import { formatMoney, formatPrice } from '#contract/money.ts';
import { useServerText } from '#lib/hydration.ts';
import { useHydrated } from '#lib/use-hydrated.ts';
import { useCodeEntry } from '../hooks/use-code-entry.ts';
import { useOrderAmounts } from '../hooks/use-order-amounts.ts';
import { codeNote } from '../utils/code-note.ts';
import { heldOrderFor } from '../utils/held-orders.ts';
import { type BookableEvent, chosenLines, clampQuantity, quantityBounds, ticketCount } from '../utils/ticket-choice.ts';
import { CodeBox } from './code-box.tsx';
import { OrderAmounts } from './order-amounts.tsx';
import { QuantityStepper } from './quantity-stepper.tsx';

// The checkout (forms, schemas, the HTTP client) loads when the buyer first picks a ticket, never with the page.
const loadCheckout = () => import('./checkout-form.tsx');
const CheckoutForm = lazy(async () => ({ default: (await loadCheckout()).CheckoutForm }));
// Only a buyer back from paying has a hold on this device: its countdown loads for them alone.
const HeldOrderNotice = lazy(async () => ({ default: (await import('./held-order-notice.tsx')).HeldOrderNotice }));

function HeldOrderSlot({ eventId }: { eventId: string }) {
  const [held, setHeld] = useState(false);
  useEffect(() => setHeld(heldOrderFor(eventId) !== null), [eventId]);
  return held ? (
    <Suspense fallback={null}>
      <HeldOrderNotice eventId={eventId} />
    </Suspense>
  ) : null;
}

const availabilityTone = {
  muted: 'text-slate-600',
  warning: 'font-semibold text-amber-800',
  ok: 'text-green-800',
} as const;

interface TicketSelectionProps {
  event: BookableEvent;
  now: number;
  /** What a buyer needs to know of a ticket type's stock and sales window at `now`; the event page says it. */
  availabilityOf: (type: BookableEvent['ticketTypes'][number]) => { text: () => string; tone: keyof typeof availabilityTone };
  /**
   * What a sold-out type whose waiting list is open shows where its quantity picker would be (the page composes it
   * from the waiting-list feature); it may add a part across the whole row under the type.
   */
  waitingList?: (type: BookableEvent['ticketTypes'][number]) => ReactNode;
}

/** A short word where the stepper would be. */
function closedLabel(type: BookableEvent['ticketTypes'][number], now: number): string {
  if (type.available <= 0) return 'Sold out';
  if (type.salesStart && new Date(type.salesStart).getTime() > now) return 'Soon';
  if (type.salesEnd && new Date(type.salesEnd).getTime() <= now) return 'Ended';
  return 'Unavailable';
}

/** Quantities per ticket type, what they cost with the booking fee, then the buyer's details. */
export function TicketSelection({ event, now, availabilityOf, waitingList }: TicketSelectionProps) {
  const hydrated = useHydrated();
  // Hydrating, the list keeps the availability the server wrote for the same moment: its dates cost `Intl`.
  const keepServerText = useServerText(now);
  const [quantities, setQuantities] = useState<Record<string, number>>({});
  const [step, setStep] = useState<'choose' | 'details'>('choose');
  const code = useCodeEntry(event.id);
  const { unlocked } = code;
  // The listed types, then the hidden ones the buyer's code shows.
  const types = useMemo(() => {
    const listed = event.ticketTypes.filter((type) => !type.hidden);
    return [...listed, ...unlocked.filter((type) => !listed.some((one) => one.id === type.id))];
  }, [event.ticketTypes, unlocked]);
  const currency = event.currency ?? types[0]?.currency ?? 'GBP';

  // Availability can shrink under the buyer (a refetch after a refused order), and a removed code takes its hidden
  // types away: choices follow.
  useEffect(() => {
    setQuantities((current) => {
      let changed = false;
      const next: Record<string, number> = {};
      for (const [typeId, chosen] of Object.entries(current)) {
        const type = types.find((one) => one.id === typeId);
        const kept = type ? clampQuantity(chosen, quantityBounds(type, now)) : 0;
        if (kept !== chosen) changed = true;
        if (kept > 0) next[typeId] = kept;
      }
      return changed ? next : current;
    });
  }, [types, now]);

  const lines = chosenLines(types, quantities);
  const waitable = (type: BookableEvent['ticketTypes'][number]) => Boolean(waitingList && type.waitingList);
  // Every type sold out and some with a waiting list: nothing to continue with, so the button gives way to the list.
  const onlyWaiting = types.some(waitable) && !types.some((type) => quantityBounds(type, now).purchasable);
  const count = ticketCount(lines);
  // The code's prices first, then the booking fee on them: what the server charges (decision 060).
  const priced = discountedLines(code.applied, lines);
  const discount = discountOf(lines, priced);
  const amounts = useOrderAmounts(priced, currency, event.id);
  const note = codeNote(code.applied, lines, discount);
  const discountProps = { discount, discountCode: code.applied?.code ?? null };

  const tickets = `${count} ticket${count === 1 ? '' : 's'}`;
  const continueLabel = `Continue with ${tickets}${amounts.total === null ? '' : `, total ${formatMoney(amounts.total, currency)}`}`;

  const choose = (typeId: string, quantity: number) => {
    void loadCheckout();
    setQuantities((current) => ({ ...current, [typeId]: quantity }));
  };

  if (step === 'details' && count > 0) {
    return (
      <div className="space-y-4">
        <HeldOrderSlot eventId={event.id} />
        <div className="rounded-xl bg-slate-50 p-4 ring-1 ring-slate-200">
          <div className="flex items-start justify-between gap-3">
            <h3 className="font-semibold text-slate-900">Your order</h3>
            <button type="button" onClick={() => setStep('choose')} className={`${linkClass} -my-2 min-h-11 rounded-lg px-2`}>
              Change tickets
            </button>
          </div>
          <ul className="mt-1 mb-3 space-y-1 text-slate-700">
            {lines.map((line) => (
              <li key={line.ticketTypeId} className="flex justify-between gap-4">
                <span>
                  {line.quantity} × {line.name}
                </span>
                <span className="tabular-nums">{formatPrice(line.unitPrice * line.quantity, currency)}</span>
              </li>
            ))}
          </ul>
          <OrderAmounts currency={currency} {...amounts} {...discountProps} />
          <div className="mt-3 border-slate-200 border-t pt-3">
            <CodeBox entry={code} note={note} idPrefix="order-code" />
          </div>
        </div>
        <Suspense
          fallback={
            <p role="status" className="text-slate-600">
              Loading checkout…
            </p>
          }
        >
          <CheckoutForm
            event={event}
            lines={lines}
            total={amounts.total}
            currency={currency}
            code={code.applied?.code}
            onCodeRefused={code.refuse}
          />
        </Suspense>
      </div>
    );
  }

  return (
    <div className="space-y-4">
      <HeldOrderSlot eventId={event.id} />
      <ul className="divide-y divide-slate-200">
        {types.map((type) => {
          const bounds = quantityBounds(type, now);
          const availability = availabilityOf(type);
          const quantity = quantities[type.id] ?? 0;
          const limits =
            bounds.purchasable && (bounds.min > 1 || quantity >= bounds.max)
              ? [bounds.min > 1 ? `at least ${bounds.min}` : null, quantity >= bounds.max ? `at most ${bounds.max}` : null]
                  .filter(Boolean)
                  .join(', ')
              : null;
          return (
            <li key={type.id} className="flex flex-wrap items-center justify-between gap-x-3 gap-y-2 py-3">
              <div className="min-w-0 flex-1">
                <p className="font-semibold text-slate-900">
                  {type.name}
                  {unlocked.some((one) => one.id === type.id) ? (
                    <span className="ml-2 rounded-md bg-emerald-100 px-1.5 py-0.5 font-semibold text-emerald-900 text-xs">
                      With your code
                    </span>
                  ) : null}
                </p>
                <p className={`font-semibold ${bounds.purchasable ? 'text-slate-900' : 'text-slate-500'}`}>
                  {formatPrice(type.price, type.currency)}
                </p>
                {type.description ? <p className="text-slate-600 text-sm">{type.description}</p> : null}
                {bounds.purchasable || type.available > 0 ? (
                  <p className={`mt-0.5 text-sm ${availabilityTone[availability.tone]}`} suppressHydrationWarning>
                    {keepServerText ? '' : availability.text()}
                  </p>
                ) : null}
                {limits ? <p className="text-slate-600 text-xs">Per order: {limits}</p> : null}
                {!bounds.purchasable && waitable(type) ? <p className="mt-0.5 text-slate-600 text-sm">Sold out</p> : null}
              </div>
              {!bounds.purchasable && waitable(type) ? (
                waitingList?.(type)
              ) : bounds.purchasable ? (
                <QuantityStepper
                  name={type.name}
                  quantity={quantity}
                  bounds={bounds}
                  enabled={hydrated}
                  onChange={(next) => choose(type.id, next)}
                />
              ) : (
                <span className="shrink-0 rounded-full bg-slate-100 px-3 py-1 font-semibold text-slate-600 text-sm">
                  {closedLabel(type, now)}
                </span>
              )}
            </li>
          );
        })}
      </ul>
      <CodeBox entry={code} note={note} />
      {count > 0 ? (
        <div className="space-y-3 border-slate-200 border-t pt-3">
          <OrderAmounts currency={currency} {...amounts} {...discountProps} />
          {amounts.feeUnavailable ? (
            <p className="text-slate-600 text-sm">The booking fee will be shown before you pay.</p>
          ) : null}
        </div>
      ) : null}
      {onlyWaiting ? (
        <p className="rounded-xl bg-indigo-50 p-3 text-indigo-900 text-sm">
          Every ticket has been sold. Join the waiting list and we’ll email you if places come back.
        </p>
      ) : (
        <button
          type="button"
          disabled={!hydrated || count === 0}
          onClick={() => setStep('details')}
          aria-label={count === 0 ? undefined : continueLabel}
          className={`${buttonClass()} w-full`}
        >
          {count === 0 ? (
            'Choose your tickets'
          ) : (
            <>
              <span className="flex-1 text-left">Continue</span>
              <span className="font-medium tabular-nums">
                {tickets}
                {amounts.total === null ? '' : ` · ${formatMoney(amounts.total, currency)}`}
              </span>
            </>
          )}
        </button>
      )}
    </div>
  );
}

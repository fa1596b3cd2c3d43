import type { Event, TicketType } from '#contract/events.ts';

/** The event as choosing tickets and checking out need it. */
export type BookableEvent = Pick<Event, 'id' | 'title' | 'ticketTypes' | 'timezone' | 'currency'> &
  /** Checkout shows the refund policy beside the total when it has them (decision 067). */
  Partial<Pick<Event, 'startsAt' | 'refundPolicy' | 'transferCutoffHours'>>;

/** What one ticket type allows in an order right now: 0, or from `min` to `max`. */
export interface QuantityBounds {
  purchasable: boolean;
  min: number;
  max: number;
}

const closed: QuantityBounds = { purchasable: false, min: 0, max: 0 };

/**
 * A type can be bought when it is listed, within its sales window and has at least its minimum
 * left; the most per order is its maximum or what is left, whichever is smaller.
 */
export function quantityBounds(type: TicketType, now: number): QuantityBounds {
  if (type.hidden || type.available <= 0) return closed;
  if (type.salesStart && new Date(type.salesStart).getTime() > now) return closed;
  if (type.salesEnd && new Date(type.salesEnd).getTime() <= now) return closed;
  const min = Math.max(1, type.minPerOrder);
  const max = Math.min(type.maxPerOrder, type.available);
  return max < min ? closed : { purchasable: true, min, max };
}

/** One more: from none straight to the type's minimum, never past its maximum. */
export const stepUp = (quantity: number, bounds: QuantityBounds): number =>
  bounds.purchasable ? Math.min(bounds.max, quantity <= 0 ? bounds.min : quantity + 1) : 0;

/** One fewer: below the minimum means none. */
export const stepDown = (quantity: number, bounds: QuantityBounds): number =>
  quantity <= bounds.min ? 0 : Math.min(bounds.max, quantity - 1);

/** A chosen quantity brought back within bounds after availability changed (none when it no longer fits). */
export function clampQuantity(quantity: number, bounds: QuantityBounds): number {
  if (!bounds.purchasable || quantity <= 0) return 0;
  return Math.min(bounds.max, Math.max(bounds.min, quantity));
}

export interface ChosenLine {
  ticketTypeId: string;
  name: string;
  unitPrice: number;
  quantity: number;
}

/** The chosen types in the event's order, with their prices: what the summary and the order body need. */
export function chosenLines(types: readonly TicketType[], quantities: Readonly<Record<string, number>>): ChosenLine[] {
  return types
    .filter((type) => (quantities[type.id] ?? 0) > 0)
    .map((type) => ({ ticketTypeId: type.id, name: type.name, unitPrice: type.price, quantity: quantities[type.id] ?? 0 }));
}

export const ticketCount = (lines: readonly { quantity: number }[]): number =>
  lines.reduce((sum, line) => sum + line.quantity, 0);

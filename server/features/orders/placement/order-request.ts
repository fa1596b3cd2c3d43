import { createHash, randomInt } from 'node:crypto';
import { orderAmounts } from '../../../../src/contract/booking-fee.ts';
import { discountedLines, discountOf, type PricingCode } from '../../../../src/contract/discount-pricing.ts';
import type { BookingFeeRule, CreateOrder } from '../../../../src/contract/orders.ts';
import { HttpError } from '../../../lib/http-error.ts';
import type { SaleTicketType } from './sale-context.repository.ts';

// What a buyer asked for, checked and priced: rules that need neither a lock nor a round trip.

/** Who places an order: the signed-in buyer (or none), where they came from, and whether the server itself asks. */
export interface Caller {
  userId: string | null;
  /** Where links in mail and return pages point: the configured app URL or the request's origin. */
  origin: string;
  /** The network address the order came from, for the per-address limits; absent for orders made by the server itself. */
  ip?: string;
  /** An order the server places itself (demo data): its buyer email needs no proof. */
  trusted?: boolean;
}

/** Unambiguous characters only (no 0/O, 1/I/L), so a reference read aloud at the door is typed right. */
const referenceAlphabet = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export function newReference(): string {
  // One draw for all eight characters (31⁸ < 2⁴⁸, randomInt's range), read as base-31 digits.
  let value = randomInt(referenceAlphabet.length ** 8);
  let text = '';
  for (let index = 0; index < 8; index += 1) {
    if (index === 4) text += '-';
    text += referenceAlphabet[value % referenceAlphabet.length];
    value = Math.floor(value / referenceAlphabet.length);
  }
  return text;
}
const badItem = (index: number, field: string, message: string) =>
  new HttpError('BAD_REQUEST', message, [{ path: `body.items.${index}.${field}`, message }]);
/** Same body, same hash: the order of items and the case of the email do not matter. */
export function requestHash(input: CreateOrder): string {
  const canonical = {
    eventId: input.eventId,
    items: [...input.items].sort((a, b) => a.ticketTypeId.localeCompare(b.ticketTypeId)),
    buyer: input.buyer,
    attendees: input.attendees ?? [],
    // Orders placed before codes existed hash as they did.
    ...(input.code ? { code: input.code.toUpperCase() } : {}),
    // And those placed before questions existed, or without answers.
    ...(input.answers && input.answers.length > 0 ? { answers: input.answers } : {}),
  };
  return createHash('sha256').update(JSON.stringify(canonical)).digest('hex');
}
/**
 * What a buyer chose, checked against the event's ticket types: rules that need no lock. Hidden types are sold only
 * to a buyer whose code shows them (`unlocked`).
 */
export function checkItems(input: CreateOrder, types: SaleTicketType[], now: Date, unlocked: readonly string[] = []) {
  const seen = new Set<string>();
  const lines = input.items.map((item, index) => {
    const type = types.find((candidate) => candidate.id === item.ticketTypeId);
    // A hidden type is as good as absent for buyers: its existence is not revealed.
    if (!type || (type.hidden && !unlocked.includes(type.id)))
      throw badItem(index, 'ticketTypeId', 'That is not a ticket type of this event.');
    if (seen.has(type.id)) throw badItem(index, 'ticketTypeId', 'Give each ticket type once, with its quantity.');
    seen.add(type.id);
    if (type.sales_start && new Date(type.sales_start) > now) {
      throw new HttpError('CONFLICT', `${type.name} tickets are not on sale yet.`);
    }
    if (type.sales_end && new Date(type.sales_end) <= now) {
      throw new HttpError('CONFLICT', `Sales of ${type.name} tickets have ended.`);
    }
    if (item.quantity < type.min_per_order) {
      throw badItem(index, 'quantity', `Choose at least ${type.min_per_order} ${type.name} tickets per order.`);
    }
    if (item.quantity > type.max_per_order) {
      throw badItem(index, 'quantity', `Choose at most ${type.max_per_order} ${type.name} tickets per order.`);
    }
    return { type, quantity: item.quantity };
  });
  const currencies = new Set(lines.map((line) => line.type.currency));
  if (currencies.size > 1) throw new HttpError('BAD_REQUEST', 'Tickets in different currencies need separate orders.');
  for (const [index, attendee] of (input.attendees ?? []).entries()) {
    if (!seen.has(attendee.ticketTypeId)) {
      const message = 'A name is given for a ticket type that is not in the order.';
      throw new HttpError('BAD_REQUEST', message, [{ path: `body.attendees.${index}.ticketTypeId`, message }]);
    }
  }
  return lines;
}
/**
 * The order's amounts and items at the prices the buyer pays: a code's discount first, then the booking fee on what
 * is left (decision 060), so a ticket a code makes free pays no fee.
 */
export function priced(
  rule: BookingFeeRule,
  lines: ReturnType<typeof checkItems>,
  attendees: CreateOrder['attendees'],
  code: PricingCode | null = null,
) {
  const listed = lines.map((line) => ({ ticketTypeId: line.type.id, unitPrice: line.type.price, quantity: line.quantity }));
  const charged = discountedLines(code, listed);
  const amounts = orderAmounts(rule, charged);
  const items = lines.map((line, index) => {
    const holders = (attendees ?? []).filter((a) => a.ticketTypeId === line.type.id).slice(0, line.quantity);
    const unitPrice = charged[index]?.unitPrice ?? line.type.price;
    return {
      ticket_type_id: line.type.id,
      name: line.type.name,
      quantity: line.quantity,
      unit_price: unitPrice,
      unit_fee: orderAmounts(rule, [{ unitPrice, quantity: 1 }]).bookingFee,
      holder_names: holders.map((holder) => holder.name),
      // By the same positions as the names; '' where the buyer gave no address.
      holder_emails: holders.map((holder) => holder.email ?? ''),
    };
  });
  return { amounts, items, discount: discountOf(listed, charged) };
}

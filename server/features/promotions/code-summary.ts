import type { TicketType } from '../../../src/contract/events.ts';
import { formatMoney } from '../../../src/contract/money.ts';
import type { DiscountCodeRow } from './discount-codes.repository.ts';

const listed = (names: string[]) =>
  names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;

/** What a code does, in a sentence a buyer reads beside it: "10% off Standard tickets", "Shows VIP tickets". */
export function codeSummary(
  row: Pick<DiscountCodeRow, 'kind' | 'value' | 'per_order' | 'ticket_type_ids' | 'unlocks_ticket_type_ids' | 'min_quantity'>,
  types: TicketType[],
): string {
  const named = types.filter((type) => row.ticket_type_ids.includes(type.id));
  const which = named.length ? `${listed(named.map((type) => type.name))} tickets` : 'tickets';
  const currency = (named[0] ?? types[0])?.currency ?? 'GBP';
  const value = row.value ?? 0;
  const parts: string[] = [];
  if (row.kind === 'percent') parts.push(`${value}% off ${which}`);
  else if (row.kind === 'amount' && row.per_order) parts.push(`${formatMoney(value, currency)} off the order`);
  else if (row.kind === 'amount') parts.push(`${formatMoney(value, currency)} off each of the ${which}`);
  else if (row.kind === 'price')
    parts.push(`${which[0]?.toUpperCase()}${which.slice(1)} at ${formatMoney(value, currency)} each`);
  if (row.kind !== null && row.min_quantity !== null) parts.push(`with ${row.min_quantity} or more in the order`);
  const unlocked = types.filter((type) => row.unlocks_ticket_type_ids.includes(type.id));
  if (unlocked.length) parts.push(`${parts.length ? 'and shows' : 'Shows'} ${listed(unlocked.map((type) => type.name))} tickets`);
  return parts.join(' ');
}

import { formatMoney } from './money.ts';

// What a discount or access code does, in one sentence: the buyer reads it beside the code they entered, the organiser
// in the list of codes and in the CSV export. Zod-free, so the browser's list and the server write the same words.

/** What the sentence needs of a code. */
export interface CodeTerms {
  kind: 'percent' | 'amount' | 'price' | null;
  value: number | null;
  perOrder: boolean;
  minQuantity: number | null;
  ticketTypeIds: readonly string[];
  unlocksTicketTypeIds: readonly string[];
}

/** What the sentence needs of a ticket type. */
export interface NamedTicketType {
  id: string;
  name: string;
}

const listed = (names: readonly string[]) =>
  names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;

/** "10% off Standard tickets", "£5.00 off the order", "Shows VIP tickets"; empty for a code that does nothing. */
export function codeSentence(code: CodeTerms, types: readonly NamedTicketType[], currency: string): string {
  const named = types.filter((type) => code.ticketTypeIds.includes(type.id)).map((type) => type.name);
  const which = named.length ? `${listed(named)} tickets` : 'tickets';
  const value = code.value ?? 0;
  const parts: string[] = [];
  if (code.kind === 'percent') parts.push(`${value}% off ${which}`);
  else if (code.kind === 'amount' && code.perOrder) parts.push(`${formatMoney(value, currency)} off the order`);
  else if (code.kind === 'amount') parts.push(`${formatMoney(value, currency)} off each of the ${which}`);
  else if (code.kind === 'price')
    parts.push(`${which[0]?.toUpperCase()}${which.slice(1)} at ${formatMoney(value, currency)} each`);
  if (code.kind !== null && code.minQuantity !== null) parts.push(`with ${code.minQuantity} or more in the order`);
  const unlocked = types.filter((type) => code.unlocksTicketTypeIds.includes(type.id)).map((type) => type.name);
  if (unlocked.length) parts.push(`${parts.length ? 'and shows' : 'Shows'} ${listed(unlocked)} tickets`);
  return parts.join(' ');
}

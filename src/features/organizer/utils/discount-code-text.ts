import type { DiscountCode } from '#contract/discount-codes.ts';
import { formatMoney } from '#contract/money.ts';

/** What a code's list needs of a ticket type. */
export interface NamedTicketType {
  id: string;
  name: string;
}

const listed = (names: readonly string[]) =>
  names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;

/**
 * What a code does, in the words the buyer reads beside it ("10% off Standard tickets", "Shows VIP tickets"): the
 * same sentence the server writes for a buyer, made here from the list's settings and the event's ticket types.
 */
export function describeCode(
  code: Pick<DiscountCode, 'kind' | 'value' | 'perOrder' | 'minQuantity'> & {
    ticketTypeIds: readonly string[];
    unlocksTicketTypeIds: readonly string[];
  },
  types: readonly NamedTicketType[],
  currency: string,
): string {
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
  return parts.join(' ') || 'Takes nothing off';
}

export type CodeStatus = 'active' | 'scheduled' | 'expired' | 'used-up' | 'archived';

/** Whether buyers can use the code at `now`, and if not, why. */
export function codeStatus(
  code: Pick<DiscountCode, 'archived' | 'startsAt' | 'endsAt' | 'maxUses' | 'uses'>,
  now: number,
): CodeStatus {
  if (code.archived) return 'archived';
  if (code.endsAt && Date.parse(code.endsAt) <= now) return 'expired';
  if (code.startsAt && Date.parse(code.startsAt) > now) return 'scheduled';
  if (code.maxUses !== null && code.uses >= code.maxUses) return 'used-up';
  return 'active';
}

export const codeStatusLabels: Record<CodeStatus, string> = {
  active: 'Active',
  scheduled: 'Not started',
  expired: 'Expired',
  'used-up': 'Used up',
  archived: 'Archived',
};

/** "3 of 100", or "3" with no limit. */
export const usesText = (code: Pick<DiscountCode, 'uses' | 'maxUses'>) =>
  code.maxUses === null ? `${code.uses}` : `${code.uses} of ${code.maxUses}`;

/** Codes as a CSV file: a header, then one code a line (codes hold letters, digits, dashes and underscores only). */
export const codesCsv = (codes: readonly string[]) => ['code', ...codes].join('\r\n').concat('\r\n');

// The arithmetic of discount codes (decision 060), shared by the buyer's page and the server so the price shown is the
// price charged. Nothing here needs a schema library: the event page loads it before anything is typed.

/** percent: a share off each ticket; amount: money off each ticket or the order; price: each ticket at a fixed price. */
export const discountKinds = ['percent', 'amount', 'price'] as const;
export type DiscountKind = (typeof discountKinds)[number];

/** Codes a buyer types are compared without case or spaces at the ends: "spring-10 " is SPRING-10. */
export const normaliseCode = (code: string) => code.trim().toUpperCase();

/** What a typed code is told before it is sent: nothing typed, or longer than any code. */
export const codeInputMessages = { empty: 'Enter a code.', tooLong: 'That is not a code of this event.' } as const;
export const codeInputProblem = (text: string): string | null =>
  text.trim() === '' ? codeInputMessages.empty : text.trim().length > 40 ? codeInputMessages.tooLong : null;

/** What a code needs to price a line. */
export interface PricingCode {
  kind: DiscountKind | null;
  value: number | null;
  perOrder: boolean;
  ticketTypeIds: string[];
  minQuantity: number | null;
}

export interface CodeLine {
  ticketTypeId: string;
  unitPrice: number;
  quantity: number;
}

/** Whether the code takes something off this ticket type. */
export const codeAppliesTo = (code: PricingCode, ticketTypeId: string) =>
  code.kind !== null && (code.ticketTypeIds.length === 0 || code.ticketTypeIds.includes(ticketTypeId));

/**
 * Each line's unit price with the code: a percentage off (rounded to the minor unit), an amount off, or a fixed price,
 * never below 0 or above the ticket's own price. An amount per order is spread evenly over the tickets it applies to,
 * rounded down to the minor unit, so a line keeps one unit price and a refund of one ticket gives back what it cost.
 */
export function discountedLines<Line extends CodeLine>(code: PricingCode | null, lines: readonly Line[]): Line[] {
  if (!code || code.kind === null || code.value === null) return lines.map((line) => ({ ...line }));
  const eligible = lines.filter((line) => codeAppliesTo(code, line.ticketTypeId)).reduce((sum, line) => sum + line.quantity, 0);
  if (code.minQuantity !== null && eligible < code.minQuantity) return lines.map((line) => ({ ...line }));
  const value = code.value;
  return lines.map((line) => {
    if (!codeAppliesTo(code, line.ticketTypeId)) return { ...line };
    const price = line.unitPrice;
    let unitPrice = price;
    if (code.kind === 'percent') unitPrice = price - Math.round((price * value) / 100);
    else if (code.kind === 'price') unitPrice = Math.min(price, value);
    else unitPrice = price - (code.perOrder ? Math.floor(value / Math.max(eligible, 1)) : value);
    return { ...line, unitPrice: Math.max(0, Math.min(price, unitPrice)) };
  });
}

/** What the code takes off the lines in all, in minor units. */
export const discountOf = (before: readonly CodeLine[], after: readonly CodeLine[]) =>
  before.reduce((sum, line, index) => sum + (line.unitPrice - (after[index]?.unitPrice ?? line.unitPrice)) * line.quantity, 0);

/** The sentence a buyer reads for a code that cannot be used, by the reason the server gives. */
export const codeRefusals = {
  unknown: 'That is not a code for this event. Check its spelling.',
  not_yet: 'That code cannot be used yet.',
  ended: 'That code has expired.',
  used_up: 'That code has been used as many times as it can be.',
  buyer_used_up: 'You have used that code as many times as one buyer can.',
  not_applicable: 'That code is not for the tickets you chose.',
  min_quantity: 'That code needs more tickets in the order.',
} as const;
export type CodeRefusal = keyof typeof codeRefusals;

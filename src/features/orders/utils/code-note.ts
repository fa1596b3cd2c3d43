import { codeAppliesTo, type PricingCode } from '#contract/discount-pricing.ts';

/**
 * Why a code in force takes nothing off the tickets chosen so far, in a sentence; null when it does take something off,
 * when nothing is chosen yet, or when it gives no discount (an access code only shows hidden tickets).
 */
export function codeNote(
  code: PricingCode | null,
  lines: readonly { ticketTypeId: string; quantity: number; unitPrice: number }[],
  discount: number,
): string | null {
  if (!code || code.kind === null || discount > 0) return null;
  const chosen = lines.reduce((sum, line) => sum + line.quantity, 0);
  if (chosen === 0) return null;
  const eligible = lines.filter((line) => codeAppliesTo(code, line.ticketTypeId)).reduce((sum, line) => sum + line.quantity, 0);
  if (eligible === 0) return 'It takes nothing off the tickets you have chosen.';
  if (code.minQuantity !== null && eligible < code.minQuantity) {
    const more = code.minQuantity - eligible;
    return `Choose ${more} more ${more === 1 ? 'ticket' : 'tickets'} it applies to for the discount.`;
  }
  return lines.every((line) => line.unitPrice === 0) ? 'Your tickets are free already.' : null;
}

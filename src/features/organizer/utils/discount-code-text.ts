import { type CodeTerms, codeSentence, type NamedTicketType } from '#contract/discount-code-summary.ts';
import type { DiscountCode } from '#contract/discount-codes.ts';

/**
 * What a code does, in the words the buyer reads beside it ("10% off Standard tickets", "Shows VIP tickets"): the
 * sentence the server writes for a buyer (the contract's codeSentence), made here from the list's settings.
 */
export function describeCode(code: CodeTerms, types: readonly NamedTicketType[], currency: string): string {
  return codeSentence(code, types, currency) || 'Takes nothing off';
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

import { z } from 'zod';
import { ticketCurrencies } from './money.ts';
import { type RefundFee, type RefundPolicy, refundNoticeUnits, refundPolicyLimits } from './refund-policy-text.ts';

/**
 * An event's refund policy (decision 067), set by its organiser and shown to buyers before they pay: on the event
 * page, in checkout beside the total, in the confirmation mail and on the booking. Refunds are asked of the organiser;
 * Admit shows the policy, it does not enforce it. Its words are in `refund-policy-text.ts`.
 */
export * from './refund-policy-text.ts';

/** Letters, digits, punctuation, spaces and line breaks: the organiser's text is shown as plain text. */
const hasControlCharacter = (text: string) => /\p{Cc}/u.test(text.replace(/[\n\r\t]/g, ''));

const wholeNumber = 'Enter a whole number.';

export const refundFeeSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('percent'),
    percent: z
      .number(wholeNumber)
      .int(wholeNumber)
      .min(refundPolicyLimits.percentFee.min, 'A fee is at least 1%.')
      .max(refundPolicyLimits.percentFee.max, 'A fee is at most 50% of the price: above that, choose no refunds.'),
  }),
  z.object({
    kind: z.literal('fixed'),
    amount: z
      .number('Enter an amount such as 2.50.')
      .int('Use minor units (pence), a whole number.')
      .min(refundPolicyLimits.fixedFee.min, 'Enter a fee above 0.')
      .max(refundPolicyLimits.fixedFee.max, 'A fixed fee is at most 100.00.'),
    currency: z.enum(ticketCurrencies, 'Choose the currency the tickets are sold in.'),
  }),
]);

export const refundPolicySchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('none') }),
  z
    .object({
      kind: z.literal('until_before_start'),
      notice: z.number(wholeNumber).int(wholeNumber).min(1, 'Enter at least 1.'),
      unit: z.enum(refundNoticeUnits, 'Choose hours or days.'),
      fee: refundFeeSchema.nullable().default(null),
    })
    .check((ctx) => {
      const { notice, unit } = ctx.value;
      const max = refundPolicyLimits.notice[unit];
      if (typeof notice === 'number' && notice > max) {
        ctx.issues.push({
          code: 'custom',
          input: notice,
          path: ['notice'],
          message: unit === 'hours' ? `At most ${max} hours (30 days); use days for longer.` : `At most ${max} days.`,
        });
      }
    }),
  z.object({
    kind: z.literal('custom'),
    text: z
      .string('Write the policy.')
      .trim()
      .min(1, 'Write the policy.')
      .max(refundPolicyLimits.customText, 'At most 1,000 characters.')
      .refine((text) => !hasControlCharacter(text), 'Use plain text: letters, numbers, punctuation and line breaks.'),
  }),
]);

/** The schema's policy is the policy the words are written for. */
export type CheckedRefundPolicy = z.infer<typeof refundPolicySchema>;
const _sameShape: [CheckedRefundPolicy, RefundPolicy, z.infer<typeof refundFeeSchema>, RefundFee] extends [
  RefundPolicy,
  CheckedRefundPolicy,
  RefundFee,
  z.infer<typeof refundFeeSchema>,
]
  ? true
  : never = true;
void _sameShape;

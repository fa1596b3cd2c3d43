import { z } from 'zod';
import { formatMoney, ticketCurrencies } from './money.ts';

/**
 * An event's refund policy (decision 067), set by its organiser and shown to buyers before they pay: on the event
 * page, in checkout beside the total, in the confirmation mail and on the booking. Refunds are asked of the organiser;
 * Admit shows the policy, it does not enforce it.
 */
export const refundPolicyKinds = ['none', 'until_before_start', 'custom'] as const;
export type RefundPolicyKind = (typeof refundPolicyKinds)[number];

export const refundNoticeUnits = ['hours', 'days'] as const;
export type RefundNoticeUnit = (typeof refundNoticeUnits)[number];

/** The bounds of a policy: notice up to 30 days in hours or a year in days, a fee that leaves most of the money. */
export const refundPolicyLimits = {
  notice: { hours: 720, days: 365 },
  percentFee: { min: 1, max: 50 },
  /** Minor units: 100.00 in the two-decimal currencies organisers sell in. */
  fixedFee: { min: 1, max: 100_00 },
  customText: 1000,
} as const;

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
export type RefundFee = z.infer<typeof refundFeeSchema>;

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
export type RefundPolicy = z.infer<typeof refundPolicySchema>;

/** Said of an event whose organiser has not set a policy (events created before policies existed). */
export const noRefundPolicySentence =
  'The organiser has not set a refund policy for this event yet: please ask them about refunds before you buy.';

const dayMs = 86_400_000;

const partFormats = new Map<string, Intl.DateTimeFormat>();
function wallClockMs(epochMs: number, timeZone: string): number {
  let format = partFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    partFormats.set(timeZone, format);
  }
  const part: Record<string, number> = {};
  for (const { type, value } of format.formatToParts(new Date(epochMs))) if (type !== 'literal') part[type] = Number(value);
  return Date.UTC(
    part.year ?? 1970,
    (part.month ?? 1) - 1,
    part.day ?? 1,
    (part.hour ?? 0) % 24,
    part.minute ?? 0,
    part.second ?? 0,
  );
}

/** The instant a wall-clock time (written as if it were UTC) has in a zone; a time a clock change skips moves on by it. */
function instantOfWallClock(wallMs: number, timeZone: string): number {
  const first = wallMs - (wallClockMs(wallMs, timeZone) - wallMs);
  return wallMs - (wallClockMs(first, timeZone) - first);
}

/**
 * The last moment a refund may be asked for, or null when the policy sets none. Hours are counted as elapsed time;
 * days are calendar days on the event's clock, so "2 days before" a 19:00 start is 19:00 two days earlier even across a
 * change to or from summer time.
 */
export function refundDeadline(policy: RefundPolicy | null, startsAt: string | Date, timeZone: string): Date | null {
  if (policy?.kind !== 'until_before_start') return null;
  const start = new Date(startsAt).getTime();
  if (policy.unit === 'hours') return new Date(start - policy.notice * 3_600_000);
  const startSeconds = Math.floor(start / 1000) * 1000;
  const wall = wallClockMs(startSeconds, timeZone) - policy.notice * dayMs;
  return new Date(instantOfWallClock(wall, timeZone) + (start - startSeconds));
}

/** "America/New_York" → "New York time"; "UTC" stays itself. */
export function zoneTimeName(timeZone: string): string {
  const place = timeZone.split('/').at(-1)?.replaceAll('_', ' ') ?? timeZone;
  return place === 'UTC' || place === 'GMT' ? place : `${place} time`;
}

const deadlineFormats = new Map<string, Intl.DateTimeFormat>();
/** "Fri 12 Jun, 19:00" on the event's clock. */
function onEventClock(at: Date, timeZone: string): string {
  let format = deadlineFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      weekday: 'short',
      day: 'numeric',
      month: 'short',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    deadlineFormats.set(timeZone, format);
  }
  const part: Record<string, string> = {};
  for (const { type, value } of format.formatToParts(at)) part[type] = value;
  return `${part.weekday} ${part.day} ${part.month}, ${part.hour}:${part.minute}`;
}

const plural = (count: number, unit: string) => `${count} ${count === 1 ? unit : `${unit}s`}`;

function feeWords(fee: RefundFee | null): string {
  if (!fee) return '';
  return fee.kind === 'percent'
    ? `, minus a ${fee.percent}% fee`
    : `, minus a ${formatMoney(fee.amount, fee.currency)} fee per ticket`;
}

/**
 * The one sentence every page, checkout and mail shows for an event's policy. The deadline is printed on the event's
 * own clock and says which one, whatever the reader's time zone.
 */
export function refundPolicySentence(policy: RefundPolicy | null, startsAt: string | Date, timeZone: string): string {
  if (!policy) return noRefundPolicySentence;
  switch (policy.kind) {
    case 'none':
      return 'No refunds: the organiser does not refund tickets for this event, unless it is cancelled.';
    case 'custom':
      return `The organiser’s refund policy: ${policy.text}`;
    case 'until_before_start': {
      const deadline = refundDeadline(policy, startsAt, timeZone) as Date;
      const notice = plural(policy.notice, policy.unit === 'hours' ? 'hour' : 'day');
      return `Refunds until ${onEventClock(deadline, timeZone)} (${zoneTimeName(timeZone)}), ${notice} before the start${feeWords(policy.fee)}.`;
    }
  }
}

/** Ask the organiser: said wherever the policy is shown, since Admit does not take refund requests itself yet. */
export const refundHowToAsk = 'To ask for a refund, contact the organiser. A cancelled event is refunded in full automatically.';

import { formatMoney } from './money.ts';

/**
 * An event's refund policy (decision 067) in words: the one sentence every page, checkout and mail shows. Plain
 * TypeScript, no schema library, so a page that only shows the policy loads nothing more; the checks of a policy are in
 * `refund-policy.ts`.
 */
export const refundPolicyKinds = ['none', 'until_before_start', 'custom'] as const;
export type RefundPolicyKind = (typeof refundPolicyKinds)[number];

export const refundNoticeUnits = ['hours', 'days'] as const;
export type RefundNoticeUnit = (typeof refundNoticeUnits)[number];

export type RefundFee = { kind: 'percent'; percent: number } | { kind: 'fixed'; amount: number; currency: 'GBP' | 'EUR' | 'USD' };

export type RefundPolicy =
  | { kind: 'none' }
  | { kind: 'until_before_start'; notice: number; unit: RefundNoticeUnit; fee: RefundFee | null }
  | { kind: 'custom'; text: string };

/** The bounds of a policy: notice up to 30 days in hours or a year in days, a fee that leaves most of the money. */
export const refundPolicyLimits = {
  notice: { hours: 720, days: 365 },
  percentFee: { min: 1, max: 50 },
  /** Minor units: 100.00 in the two-decimal currencies organisers sell in. */
  fixedFee: { min: 1, max: 100_00 },
  customText: 1000,
} as const;

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

const weekdays = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const twoDigits = (value: number) => String(value).padStart(2, '0');

/** "Fri 12 Jun, 19:00" on the event's clock, in the app's one style whatever the reader's language. */
export function onEventClock(at: Date, timeZone: string): string {
  const wall = new Date(wallClockMs(at.getTime(), timeZone));
  return `${weekdays[wall.getUTCDay()]} ${wall.getUTCDate()} ${months[wall.getUTCMonth()]}, ${twoDigits(wall.getUTCHours())}:${twoDigits(wall.getUTCMinutes())}`;
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

/** Said wherever the policy is shown: where a buyer cancels or asks (decision 068). */
export const refundHowToAsk =
  'Cancel within the policy, or ask the organiser for a refund, from your booking. A cancelled event is refunded in full automatically.';

import { deviceClock, deviceWeekdayTime } from '#components/format/device-time.ts';
import type { CheckinResult } from '#contract/checkins.ts';

export interface VerdictLook {
  title: string;
  /** What the door person does. */
  action: string;
  /** Tailwind classes: background and text, high contrast in sunlight and in the dark. */
  tone: string;
  icon: 'check' | 'repeat' | 'cross' | 'swap' | 'ban' | 'wallet' | 'flask' | 'clock';
  admit: boolean;
}

export const verdictLooks: Record<CheckinResult, VerdictLook> = {
  valid: { title: 'Valid', action: 'Admit', tone: 'bg-emerald-600 text-white', icon: 'check', admit: true },
  already_used: {
    title: 'Already used',
    action: 'Do not admit',
    tone: 'bg-amber-400 text-slate-950',
    icon: 'repeat',
    admit: false,
  },
  invalid: { title: 'Invalid ticket', action: 'Do not admit', tone: 'bg-red-700 text-white', icon: 'cross', admit: false },
  wrong_event: { title: 'Wrong event', action: 'Do not admit', tone: 'bg-fuchsia-800 text-white', icon: 'swap', admit: false },
  voided: { title: 'Voided', action: 'Do not admit', tone: 'bg-red-950 text-white', icon: 'ban', admit: false },
  unpaid: { title: 'Not paid', action: 'Do not admit', tone: 'bg-orange-600 text-white', icon: 'wallet', admit: false },
  test_ticket: {
    title: 'TEST ticket',
    action: 'Do not admit',
    // Hazard stripes: the look of everything TEST in Admit, and like no other verdict.
    tone: 'bg-[repeating-linear-gradient(135deg,#0f172a_0_22px,#1e293b_22px_44px)] text-amber-300',
    icon: 'flask',
    admit: false,
  },
  not_yet_valid: { title: 'Not valid yet', action: 'Do not admit', tone: 'bg-sky-800 text-white', icon: 'clock', admit: false },
  expired: { title: 'Expired', action: 'Do not admit', tone: 'bg-sky-950 text-white', icon: 'clock', admit: false },
};

/** The sentence under the title. */
export function verdictExplanation(result: CheckinResult, options: { notInList?: boolean; malformed?: boolean } = {}): string {
  switch (result) {
    case 'valid':
      return options.notInList
        ? 'Genuine ticket — not in the local list yet (sold after the last sync).'
        : 'Genuine ticket for this event.';
    case 'already_used':
      return 'This ticket was admitted before.';
    case 'invalid':
      return options.malformed ? 'This is not an Admit ticket code.' : 'Unknown, altered or forged ticket.';
    case 'wrong_event':
      return 'This ticket is for another event.';
    case 'voided':
      return 'Refunded or cancelled.';
    case 'unpaid':
      return 'The order has not been paid.';
    case 'test_ticket':
      return 'Not valid for entry: paid in the payment sandbox.';
    case 'not_yet_valid':
      return 'The ticket is not valid yet.';
    case 'expired':
      return 'The ticket has expired.';
  }
}

/** The badge on a TEST ticket's verdict when the event's test mode lets it in (empty: no badge). */
export function testBadgeText(result: CheckinResult, ticket: { test: boolean } | null): string {
  return ticket?.test && result !== 'test_ticket' ? 'TEST ticket · test mode' : '';
}

/** "19:04 · 3 min ago" in the device's clock. */
export function whenText(at: string, now: number): string {
  const time = new Date(at);
  const minutes = Math.round((now - time.getTime()) / 60_000);
  const clock = deviceClock(at);
  if (minutes < 1) return `${clock} · just now`;
  if (minutes < 120) return `${clock} · ${minutes} min ago`;
  return deviceWeekdayTime(at);
}

export function deviceText(firstCheckIn: { deviceId: string; deviceName: string | null }, ownDeviceId: string): string {
  if (firstCheckIn.deviceId === ownDeviceId) return 'this device';
  if (firstCheckIn.deviceName && firstCheckIn.deviceName !== 'this device') return firstCheckIn.deviceName;
  return firstCheckIn.deviceId ? `device ${firstCheckIn.deviceId.slice(0, 6)}` : 'another device';
}

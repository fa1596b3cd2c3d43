import { onEventClock, zoneTimeName } from './refund-policy-text.ts';

/**
 * Passing tickets on in words and times (decision 069), without schemas: the event page and the booking read them
 * without loading the validation library.
 */

/** When changes close for an event: its cutoff before the start; null when the organiser does not allow them. */
export function transferDeadline(event: { startsAt: string | Date; transferCutoffHours: number | null }): Date | null {
  if (event.transferCutoffHours === null) return null;
  return new Date(new Date(event.startsAt).getTime() - event.transferCutoffHours * 3_600_000);
}

/** A change of holder in words, as the booking and the organiser's order show it. */
export function describeHolderChange(entry: {
  kind: 'transfer' | 'rename';
  fromName: string;
  toName: string;
  toEmail: string | null;
}): string {
  return entry.kind === 'transfer'
    ? `Passed on from ${entry.fromName} to ${entry.toName}${entry.toEmail ? ` (${entry.toEmail})` : ''}`
    : `Name corrected from ${entry.fromName} to ${entry.toName}`;
}

/** What buyers read before they buy about passing tickets on (decision 069). */
export function transferSentence(event: {
  startsAt: string | Date;
  timezone: string;
  transferCutoffHours: number | null;
}): string {
  const deadline = transferDeadline(event);
  if (!deadline) return 'Tickets cannot be passed on to someone else; ask the organiser to change a name.';
  const when = `${onEventClock(deadline, event.timezone)} (${zoneTimeName(event.timezone)})`;
  return `You can pass a ticket on to someone else, or correct a name, from your booking until ${when}.`;
}

import { z } from 'zod';
import { onEventClock, zoneTimeName } from './refund-policy-text.ts';
import { transferDeadline } from './ticket-transfers-text.ts';
import { emailSchema } from './users.ts';

/**
 * Holders pass tickets on and correct names where the organiser allows (decision 069). A transfer gives the ticket a
 * new signed code and short code for its new holder, so the old ones stop working; a name correction keeps them (a code
 * names the ticket, not the person: decision 052). Neither moves money: Admit does not handle resale.
 */

/** The longest an organiser may close changes before the start: 30 days. */
export const transferCutoffMaxHours = 720;
/** How often one ticket may change holder (both kinds): past this, the organiser changes it. */
export const holderChangesPerTicket = 5;

export const transferCutoffSchema = z
  .number('Give the hours as a whole number.')
  .int('Give the hours as a whole number.')
  .min(0, 'Give 0 hours or more.')
  .max(transferCutoffMaxHours, 'At most 720 hours (30 days) before the start.')
  .nullable();

const holderNameSchema = z
  .string('Enter the holder’s name.')
  .trim()
  .min(1, 'Enter the holder’s name.')
  .max(120, 'At most 120 characters.');
const versionSchema = z.number().int().min(0);

/** Pass a ticket on: the new holder's name and address, and the ticket's version as the buyer saw it. */
export const transferTicketSchema = z.object({ holderName: holderNameSchema, holderEmail: emailSchema, version: versionSchema });
export type TransferTicketInput = z.infer<typeof transferTicketSchema>;

/** Correct the holder's name on a ticket; its codes stay. */
export const renameTicketSchema = z.object({ holderName: holderNameSchema, version: versionSchema });
export type RenameTicketInput = z.infer<typeof renameTicketSchema>;

export const orderTicketParamsSchema = z.object({
  orderId: z.uuid('Not a valid order id.'),
  ticketId: z.uuid('Not a ticket id.'),
});

export const ticketTransferSchema = z.object({
  ticketId: z.uuid(),
  kind: z.enum(['transfer', 'rename']),
  fromName: z.string(),
  toName: z.string(),
  /** The new holder's address, for a transfer. */
  toEmail: z.string().nullable(),
  at: z.string(),
});
export type TicketTransfer = z.infer<typeof ticketTransferSchema>;

/** What the buyer may change of their tickets' holders now, as the server judged it when it answered. */
export const ticketChangesSchema = z.object({
  /** The tickets whose holder may change now. */
  ticketIds: z.array(z.uuid()),
  /** The last moment for changes, or null when they are closed. */
  until: z.string().nullable(),
  /** Why tickets cannot change holder, in words for the buyer; null when nothing needs saying. */
  note: z.string().nullable(),
  /** Every change of holder on the order, oldest first. */
  history: z.array(ticketTransferSchema),
});
export type TicketChanges = z.infer<typeof ticketChangesSchema>;

export interface TicketChangesInput {
  orderStatus: string;
  event: { status: string; startsAt: string | Date; timezone: string; transferCutoffHours: number | null };
  tickets: { id: string; status: 'valid' | 'voided'; checkedIn: boolean; refunded: boolean; version: number }[];
  now: Date;
}

/** The words under a closed or limited change, for the buyer. */
function closedNote(input: TicketChangesInput, deadline: Date | null): string | null {
  const { event, now } = input;
  if (event.status === 'cancelled') return 'This event was cancelled.';
  if (!deadline) return 'The organiser does not let tickets for this event change holder.';
  if (now.getTime() >= deadline.getTime()) {
    return `Tickets could change holder until ${onEventClock(deadline, event.timezone)} (${zoneTimeName(event.timezone)}).`;
  }
  return null;
}

/**
 * Which tickets may change holder now: valid, not checked in, not refunded, changed fewer than five times, on a paid
 * order of an event that is not cancelled, before the organiser's cutoff. Otherwise none, with the reason.
 */
export function ticketChanges(input: TicketChangesInput): Omit<TicketChanges, 'history'> {
  if (input.orderStatus !== 'paid' && input.orderStatus !== 'partially_refunded') {
    return { ticketIds: [], until: null, note: null };
  }
  const deadline = transferDeadline(input.event);
  const note = closedNote(input, deadline);
  if (note || !deadline) return { ticketIds: [], until: null, note };
  const standing = input.tickets.filter((ticket) => ticket.status === 'valid' && !ticket.checkedIn && !ticket.refunded);
  const open = standing.filter((ticket) => ticket.version < holderChangesPerTicket);
  const worn =
    open.length < standing.length ? 'A ticket that has changed holder five times can only be changed by the organiser.' : null;
  return { ticketIds: open.map((ticket) => ticket.id), until: open.length > 0 ? deadline.toISOString() : null, note: worn };
}

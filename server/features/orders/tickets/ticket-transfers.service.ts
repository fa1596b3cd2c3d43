import type { Transaction } from 'kysely';
import type { Order } from '../../../../src/contract/orders.ts';
import { newShortTicketCode } from '../../../../src/contract/short-ticket-code.ts';
import { decodeTicketCode } from '../../../../src/contract/ticket-code.ts';
import type { RenameTicketInput, TransferTicketInput } from '../../../../src/contract/ticket-transfers.ts';
import type { Database } from '../../../db/types.ts';
import { recordAudit } from '../../../lib/audit-log.ts';
import { HttpError, notFound } from '../../../lib/http-error.ts';
import { enqueueMail } from '../../../lib/mail/outbox.ts';
import { presentOrders } from '../order-lifecycle.service.ts';
import { ticketChangesOf } from '../order-view.ts';
import { lockOrder, type OrderRow, orderEventsOf, type TicketRow, ticketsOf } from '../orders.repository.ts';
import { buyersOrder, getOrder, type OrdersDeps } from '../orders.service.ts';
import { touchOrder } from './ticket-changes.repository.ts';
import { eventSigningKey } from './ticket-issue.repository.ts';
import { shortCodeTaken, signTicket } from './ticket-issue.service.ts';
import { changeHolder, type HolderChange, insertTransfer, transfersOf } from './ticket-transfers.repository.ts';
import { passedOnMail, receivedTicketMail } from './transfer-mail.ts';

// A buyer passes a ticket on or corrects its holder's name (decision 069), where the organiser allows: on the order
// as GET /orders/:orderId finds it for its buyer, judged again under the order's lock. No money moves.

interface BuyerCall {
  orderId: string;
  ticketId: string;
  token: string | undefined;
  userId: string | null;
}

/** The ticket under the order's lock, if its holder may change now from the version the buyer saw. */
async function changeableTicket(trx: Transaction<Database>, order: OrderRow, ticketId: string, version: number) {
  const [[event], tickets, transfers] = await Promise.all([
    orderEventsOf(trx, [order.event_id]),
    ticketsOf(trx, [order.id]),
    transfersOf(trx, [order.id]),
  ]);
  const ticket = tickets.find((one) => one.id === ticketId);
  if (!event || !ticket) throw notFound('That ticket');
  if (ticket.holder_version !== version) {
    throw new HttpError('CONFLICT', 'This ticket changed since you opened it: see who holds it now, then try again.');
  }
  const changes = ticketChangesOf(order, event, tickets, transfers);
  if (!changes.ticketIds.includes(ticketId)) {
    const why =
      changes.note ??
      (ticket.checked_in_at
        ? 'It has been checked in.'
        : ticket.status !== 'valid'
          ? 'It no longer admits anyone.'
          : 'It cannot change holder now.');
    throw new HttpError('CONFLICT', `This ticket cannot change holder. ${why}`);
  }
  return { ticket, event };
}

/** A new signed code for the ticket, dated after its current one (Ed25519 signs the same payload the same way). */
async function newCodes(trx: Transaction<Database>, ticket: TicketRow, eventEndsAt: Date) {
  const key = await eventSigningKey(trx, ticket.event_id);
  const current = decodeTicketCode(ticket.code);
  const now = Math.floor(Date.now() / 1000) * 1000;
  const before = current.ok ? current.payload.validFrom.getTime() : 0;
  const code = await signTicket(key.private_key, {
    ticketId: ticket.id,
    eventId: ticket.event_id,
    ticketTypeId: ticket.ticket_type_id,
    validFrom: new Date(Math.max(now, before + 1000)),
    eventEndsAt,
  });
  return { code, shortCode: newShortTicketCode() };
}

async function presented(deps: OrdersDeps, trx: Transaction<Database>, order: OrderRow): Promise<Order> {
  const [view] = await presentOrders(trx, [order], deps.imageUrl);
  if (!view) throw notFound('That order');
  return view as Order;
}

/**
 * Gives a ticket to someone else: a new signed code and short code (the old ones are refused at the door, online at once
 * and offline after its next download), mailed to the new holder; the buyer is mailed a record. Two changes made from
 * the same view: the first wins, the second is refused.
 */
export async function transferTicket(
  deps: OrdersDeps,
  call: BuyerCall & { input: TransferTicketInput; origin: string },
): Promise<Order> {
  const { orderId, ticketId, input } = call;
  await buyersOrder(deps, orderId, call.token, call.userId);
  for (let attempt = 1; ; attempt += 1) {
    try {
      await deps.db.transaction().execute(async (trx) => {
        const order = await lockOrder(trx, orderId);
        if (!order) throw notFound('That order');
        const { ticket, event } = await changeableTicket(trx, order, ticketId, input.version);
        if (ticket.holder_email === input.holderEmail && ticket.holder_name === input.holderName) {
          throw new HttpError('CONFLICT', 'This ticket is theirs already.', [
            { path: 'body.holderEmail', message: 'This ticket is theirs already.' },
          ]);
        }
        const codes = await newCodes(trx, ticket, event.ends_at);
        const change: HolderChange = {
          ticketId,
          kind: 'transfer',
          holderName: input.holderName,
          holderEmail: input.holderEmail,
          codes,
        };
        await record(trx, order, ticket, change, call.userId);
        const view = await presented(deps, trx, order);
        await enqueueMail(
          trx,
          receivedTicketMail(
            view,
            { id: ticketId, typeName: ticket.type_name, holderName: input.holderName, ...codes },
            input.holderEmail,
            call.origin,
          ),
        );
        const notice = { typeName: ticket.type_name, fromName: ticket.holder_name, toName: input.holderName };
        await enqueueMail(trx, passedOnMail(view, { ...notice, toEmail: input.holderEmail }, call.origin));
      });
      break;
    } catch (error) {
      // A new short code that another ticket of the event has (decision 052): draw again.
      if (!shortCodeTaken(error) || attempt >= 3) throw error;
    }
  }
  return getOrder(deps, orderId, call.token, call.userId);
}

/** Corrects the holder's name on a ticket: its codes stay, and the door shows the new name after its next download. */
export async function renameTicket(deps: OrdersDeps, call: BuyerCall & { input: RenameTicketInput }): Promise<Order> {
  const { orderId, ticketId, input } = call;
  await buyersOrder(deps, orderId, call.token, call.userId);
  await deps.db.transaction().execute(async (trx) => {
    const order = await lockOrder(trx, orderId);
    if (!order) throw notFound('That order');
    const { ticket } = await changeableTicket(trx, order, ticketId, input.version);
    if (ticket.holder_name === input.holderName) {
      throw new HttpError('CONFLICT', 'The ticket has this name already.', [
        { path: 'body.holderName', message: 'The ticket has this name already.' },
      ]);
    }
    const change: HolderChange = { ticketId, kind: 'rename', holderName: input.holderName, holderEmail: null, codes: null };
    await record(trx, order, ticket, change, call.userId);
  });
  return getOrder(deps, orderId, call.token, call.userId);
}

/** Writes the change, its history row and its audit entry, and puts the ticket in the door's next download. */
async function record(
  trx: Transaction<Database>,
  order: OrderRow,
  ticket: TicketRow,
  change: HolderChange,
  actorId: string | null,
): Promise<void> {
  await changeHolder(trx, change);
  await insertTransfer(trx, {
    ticket_id: ticket.id,
    order_id: order.id,
    event_id: order.event_id,
    kind: change.kind,
    from_name: ticket.holder_name,
    from_email: ticket.holder_email,
    to_name: change.holderName,
    to_email: change.kind === 'transfer' ? change.holderEmail : ticket.holder_email,
    by_user_id: actorId,
  });
  await touchOrder(trx, order.id);
  await recordAudit(trx, {
    actorId,
    action: change.kind === 'transfer' ? 'ticket.transferred' : 'ticket.renamed',
    subjectType: 'ticket',
    subjectId: ticket.id,
    details: {
      orderId: order.id,
      before: { holderName: ticket.holder_name, holderEmail: ticket.holder_email },
      after: {
        holderName: change.holderName,
        holderEmail: change.kind === 'transfer' ? change.holderEmail : ticket.holder_email,
      },
    },
  });
}

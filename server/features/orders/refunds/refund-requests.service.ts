import type { OrganiserRefundRequest, RefundRequestDecision, RefundRequestView } from '../../../../src/contract/cancellations.ts';
import { can, rolesAllowed } from '../../../../src/contract/permissions.ts';
import { recordAudit } from '../../../lib/audit-log.ts';
import { HttpError, notFound } from '../../../lib/http-error.ts';
import { enqueueMail } from '../../../lib/mail/outbox.ts';
import { memberRoleOf } from '../../organizations/organizations.service.ts';
import { presentOrders } from '../order-lifecycle.service.ts';
import { toRefundRequest } from '../order-view.ts';
import { lockOrder, orderEventsOf, ticketsOf } from '../orders.repository.ts';
import type { OrdersDeps } from '../orders.service.ts';
import { requestDeclinedMail } from '../tickets/order-mail.ts';
import { runRefund } from './refund-execution.service.ts';
import {
  decideRequest,
  findRequest,
  lockRequest,
  openRequestsOfOrganisation,
  requestPlace,
} from './refund-requests.repository.ts';
import { unrefundedTicketsOf } from './refunds.repository.ts';
import { decideRefund } from './refunds.service.ts';

// The organiser's side of buyers' refund requests (decision 068): listed on the payments page for those who read
// orders, refunded or declined by those who refund them (owners, finance). A refund here is a whole refund of the
// asked tickets still unrefunded; the policy's fee applies only to the buyer's own cancellations.

/** The most open requests the payments page lists at once, oldest first. */
const listLimit = 100;

export async function openRefundRequests(
  deps: OrdersDeps,
  userId: string,
  organizationId: string,
): Promise<{ items: OrganiserRefundRequest[] }> {
  const role = await memberRoleOf(deps.db, organizationId, userId);
  if (!role) throw notFound('That organisation');
  if (!can(role, 'orders.read')) {
    throw new HttpError('FORBIDDEN', `Only ${rolesAllowed('orders.read')} can see refund requests.`);
  }
  const rows = await openRequestsOfOrganisation(deps.db, organizationId, listLimit);
  const tickets = await ticketsOf(deps.db, [...new Set(rows.map((row) => row.order_id))]);
  return {
    items: rows.map((row) => {
      const asked = tickets.filter((ticket) => row.ticket_ids.includes(ticket.id) && ticket.refunded_at === null);
      return {
        ...toRefundRequest(row),
        orderId: row.order_id,
        reference: row.reference,
        eventId: row.event_id,
        eventTitle: row.event_title,
        buyerName: row.buyer_name,
        buyerEmail: row.buyer_email,
        currency: row.currency,
        amount: asked.reduce((sum, ticket) => sum + ticket.unit_price + ticket.unit_fee, 0),
        tickets: asked.map((ticket) => ({ id: ticket.id, typeName: ticket.type_name, holderName: ticket.holder_name })),
      };
    }),
  };
}

/**
 * Refunds or declines an open request, once: the order's lock, then the request's, so a second answer, a buyer's
 * cancellation or the organiser's own refund of the same tickets waits and then finds it settled.
 */
export async function answerRefundRequest(
  deps: OrdersDeps,
  input: { userId: string; requestId: string; decision: RefundRequestDecision; origin: string },
): Promise<RefundRequestView> {
  const { userId, requestId, decision } = input;
  const found = await requestPlace(deps.db, requestId);
  const [event] = found ? await orderEventsOf(deps.db, [found.event_id]) : [];
  const role = event ? await memberRoleOf(deps.db, event.organization_id, userId) : null;
  // Members of the organisation are told what they lack; anyone else learns nothing of the request.
  if (!found || !event || !role) throw notFound('That request');
  if (!can(role, 'orders.refund')) {
    throw new HttpError('FORBIDDEN', `Only ${rolesAllowed('orders.refund')} can answer refund requests.`);
  }
  const outcome = await deps.db.transaction().execute(async (trx) => {
    const order = await lockOrder(trx, found.order_id);
    const request = await lockRequest(trx, requestId);
    if (!order || !request) throw notFound('That request');
    if (request.status !== 'open') throw new HttpError('CONFLICT', 'This request has been answered already.');
    if (decision.decision === 'decline') {
      await decideRequest(trx, requestId, { status: 'declined', note: decision.note, by: userId, refunded: null });
      await recordAudit(trx, {
        actorId: userId,
        action: 'order.refund_request_declined',
        subjectType: 'order',
        subjectId: order.id,
        details: { requestId },
      });
      const [view] = await presentOrders(trx, [order], () => null);
      if (view) await enqueueMail(trx, requestDeclinedMail(view, decision.note, input.origin));
      return { refundId: null, settled: false };
    }
    const left = (await unrefundedTicketsOf(trx, order.id)).filter((ticket) => request.ticket_ids.includes(ticket.id));
    if (left.length === 0) {
      await decideRequest(trx, requestId, { status: 'closed', note: null, by: userId, refunded: null });
      return { refundId: null, settled: true };
    }
    const amount = left.reduce((sum, ticket) => sum + ticket.unit_price + ticket.unit_fee, 0);
    // Answered before the refund, which closes any open request it settles.
    await decideRequest(trx, requestId, { status: 'refunded', note: null, by: userId, refunded: amount });
    const refund = await decideRefund(trx, order, {
      ticketIds: left.map((ticket) => ticket.id),
      reason: 'The buyer’s refund request was granted.',
      buyerNote: '',
      by: 'organiser',
      actorId: userId,
      idempotencyKey: `request:${requestId}`,
      requestHash: '',
      why: 'refund',
      origin: input.origin,
    });
    return { refundId: refund.refundId, settled: false };
  });
  if (outcome.refundId) await runRefund(deps.db, deps.provider, outcome.refundId);
  // Said after the transaction, so that the request stays closed.
  if (outcome.settled) {
    throw new HttpError('CONFLICT', 'These tickets have had their money back already: the request is closed.');
  }
  const answered = await findRequest(deps.db, requestId);
  if (!answered) throw notFound('That request');
  return toRefundRequest(answered);
}

import type {
  AdminEventPage,
  AdminEventRow,
  AdminEventsQuery,
  AdminPaymentPage,
  AdminPayoutPage,
  AdminRefundPage,
  AdminWebhookPage,
  FeeQuote,
  FeeQuoteRequest,
  FeeRule,
  ModerateEvent,
  NewFeeRule,
  PlatformFees,
  WebhookRetry,
} from '../../../src/contract/admin-sales.ts';
import { feeRuleFor, noBookingFee, orderAmounts } from '../../../src/contract/booking-fee.ts';
import { isTestOrder, orderReferenceOf } from '../../../src/contract/orders.ts';
import type { Db } from '../../db/database.ts';
import { recordAudit } from '../../lib/audit-log.ts';
import type { AccessClaims } from '../../lib/auth/access-tokens.ts';
import { toFeeRule } from '../../lib/booking-fee-rules.ts';
import { HttpError, notFound } from '../../lib/http-error.ts';
import { decodeCursor, pageOf } from '../../lib/keyset-cursor.ts';
import { enqueueMail } from '../../lib/mail/outbox.ts';
import { escapeHtml, mailPage } from '../../lib/mail/templates.ts';
import type { OrdersDeps } from '../orders/orders.service.ts';
import { retryUnmatchedDelivery } from '../payments/payments.service.ts';
import { requirePermission, requireSensitivePermission } from './admin-access.service.ts';
import { findOrganiser } from './admin-organisers.repository.ts';
import { adminPageSize } from './admin-page-size.ts';
import {
  eventForModeration,
  feeRules,
  organiserContacts,
  platformFeesSince,
  salesOfEvents,
  searchEvents,
  searchPayments,
  searchPayouts,
  searchRefunds,
  searchWebhooks,
} from './admin-sales.repository.ts';

const iso = (value: Date | string) => new Date(value).toISOString();
const isoOrNull = (value: Date | string | null) => (value === null ? null : iso(value));

// --- events ------------------------------------------------------------------------------------------

export async function listEvents(
  db: Db,
  caller: AccessClaims,
  query: AdminEventsQuery,
  size = adminPageSize,
): Promise<AdminEventPage> {
  await requirePermission(db, caller, 'events.moderate');
  const filter = { words: query.q?.trim() || undefined, status: query.status, oldestFirst: query.sort === 'oldest' };
  const rows = await searchEvents(db, filter, decodeCursor(query.after), size + 1);
  const page = pageOf(rows, size);
  return { items: await withSales(db, page.items), next: page.next };
}

async function eventRow(db: Db, eventId: string): Promise<AdminEventRow> {
  const [row] = await withSales(db, await searchEvents(db, { id: eventId }, null, 1));
  if (!row) throw notFound('That event');
  return row;
}

async function withSales(db: Db, rows: Awaited<ReturnType<typeof searchEvents>>): Promise<AdminEventRow[]> {
  const page = { items: rows };
  const sales = await salesOfEvents(
    db,
    page.items.map((row) => row.id),
  );
  const items: AdminEventRow[] = page.items.map((row) => ({
    id: row.id,
    title: row.title,
    organisationId: row.organization_id,
    organisationName: row.organisation_name,
    status: row.status,
    startsAt: iso(row.starts_at),
    createdAt: iso(row.created_at),
    featured: row.featured_at !== null,
    suspendedAt: isoOrNull(row.suspended_at),
    suspensionReason: row.suspension_reason,
    ticketsSold: Number(row.sold ?? 0),
    capacity: Number(row.capacity ?? 0),
    sales: sales
      .filter((sale) => sale.event_id === row.id)
      .map((sale) => ({ currency: sale.currency, amount: Number(sale.amount ?? 0) })),
  }));
  return items;
}

const moderationWords = {
  unpublish: {
    done: 'unpublished',
    subject: 'was unpublished by Admit',
    next: 'You can publish it again once the problem is fixed.',
  },
  suspend: {
    done: 'suspended',
    subject: 'was suspended by Admit',
    next: 'It cannot be published again until Admit lifts the suspension; reply to this mail to talk to us.',
  },
  lift: { done: 'no longer suspended', subject: 'is no longer suspended', next: 'You can publish it again.' },
} as const;

/**
 * Unpublishes, suspends or lifts the suspension of an event with a reason (events.moderate; a suspension needs a
 * recent sign-in). Its owners and managers receive the reason by mail; the change and the reason are audited.
 */
export async function moderateEvent(db: Db, caller: AccessClaims, eventId: string, input: ModerateEvent): Promise<AdminEventRow> {
  const actorId =
    input.action === 'suspend'
      ? await requireSensitivePermission(db, caller, 'events.moderate')
      : await requirePermission(db, caller, 'events.moderate');
  await db.transaction().execute(async (trx) => {
    const event = await eventForModeration(trx, eventId);
    if (!event) throw notFound('That event');
    const before = { status: event.status, suspended: event.suspended_at !== null };
    if (input.action === 'unpublish' && event.status !== 'published') {
      throw new HttpError('CONFLICT', 'Only a published event can be unpublished.');
    }
    if (input.action === 'suspend' && event.suspended_at) throw new HttpError('CONFLICT', 'This event is already suspended.');
    if (input.action === 'lift' && !event.suspended_at) throw new HttpError('CONFLICT', 'This event is not suspended.');
    const after =
      input.action === 'lift'
        ? { status: event.status, suspended: false }
        : { status: event.status === 'published' ? ('draft' as const) : event.status, suspended: input.action === 'suspend' };
    await trx
      .updateTable('events')
      .set({
        status: after.status,
        suspended_at: after.suspended ? new Date() : null,
        suspension_reason: after.suspended ? input.reason : null,
        // A moderated event is not shown first on the home page any more.
        ...(input.action === 'lift' ? {} : { featured_at: null }),
        updated_at: new Date(),
      })
      .where('id', '=', eventId)
      .execute();
    await recordAudit(trx, {
      actorId,
      action: `admin.event_${input.action === 'lift' ? 'suspension_lifted' : `${input.action}ed`}`,
      subjectType: 'event',
      subjectId: eventId,
      details: { reason: input.reason, before, after },
    });
    const words = moderationWords[input.action];
    for (const contact of await organiserContacts(trx, event.organization_id)) {
      const subject = `Your event “${event.title}” ${words.subject}`;
      const lines = [
        `Hello ${contact.first_name},`,
        `Your event “${event.title}” is ${words.done}.`,
        `Reason: ${input.reason}`,
        words.next,
      ];
      await enqueueMail(trx, {
        to: contact.email,
        subject,
        text: lines.join('\n\n'),
        html: mailPage(subject, lines.map((line) => `<p style="margin:0 0 16px;">${escapeHtml(line)}</p>`).join('')),
      });
    }
  });
  return eventRow(db, eventId);
}

/** Features an event on the home page (shown first) or stops featuring it. Only a published event is featured. */
export async function featureEvent(db: Db, caller: AccessClaims, eventId: string, featured: boolean): Promise<AdminEventRow> {
  const actorId = await requirePermission(db, caller, 'events.moderate');
  await db.transaction().execute(async (trx) => {
    const event = await eventForModeration(trx, eventId);
    if (!event) throw notFound('That event');
    if (featured && (event.status !== 'published' || event.suspended_at)) {
      throw new HttpError('CONFLICT', 'Only a published event can be featured.');
    }
    if (featured === (event.featured_at !== null)) return;
    await trx
      .updateTable('events')
      .set({ featured_at: featured ? new Date() : null })
      .where('id', '=', eventId)
      .execute();
    await recordAudit(trx, {
      actorId,
      action: featured ? 'admin.event_featured' : 'admin.event_unfeatured',
      subjectType: 'event',
      subjectId: eventId,
      details: { before: { featured: !featured }, after: { featured } },
    });
  });
  return eventRow(db, eventId);
}

// --- payments ----------------------------------------------------------------------------------------

export async function listPayments(
  db: Db,
  caller: AccessClaims,
  query: { q?: string; sort?: 'newest' | 'oldest'; after?: string },
  size = adminPageSize,
): Promise<AdminPaymentPage> {
  await requirePermission(db, caller, 'payments.read');
  const q = query.q?.trim();
  // An order reference as typed, with or without its dash; provider payment references never read as one.
  const reference = q ? orderReferenceOf(q) : null;
  const filter = !q ? {} : q.includes('@') ? { email: q } : reference ? { reference } : { paymentRef: q };
  const rows = await searchPayments(db, { ...filter, oldestFirst: query.sort === 'oldest' }, decodeCursor(query.after), size + 1);
  const page = pageOf(rows, size);
  return {
    items: page.items.map((row) => ({
      id: row.id,
      orderId: row.order_id,
      reference: row.reference,
      buyerEmail: row.buyer_email,
      provider: row.provider,
      paymentRef: row.payment_ref,
      amount: row.amount,
      fee: row.booking_fee,
      currency: row.currency,
      status: row.status,
      failureReason: row.failure_reason,
      test: isTestOrder({ provider: row.order_provider }),
      createdAt: iso(row.created_at),
    })),
    next: page.next,
  };
}

export async function listRefunds(
  db: Db,
  caller: AccessClaims,
  query: { status?: 'pending' | 'succeeded' | 'failed'; after?: string },
  size = adminPageSize,
): Promise<AdminRefundPage> {
  await requirePermission(db, caller, 'payments.read');
  const rows = await searchRefunds(db, query.status, decodeCursor(query.after), size + 1);
  const page = pageOf(rows, size);
  return {
    items: page.items.map((row) => ({
      id: row.id,
      orderId: row.order_id,
      reference: row.reference,
      amount: row.amount,
      feeAmount: row.fee_amount,
      currency: row.currency,
      reason: row.reason,
      provider: row.provider,
      status: row.status,
      attempts: row.attempts,
      lastError: row.last_error,
      test: isTestOrder({ provider: row.order_provider }),
      createdAt: iso(row.created_at),
      completedAt: isoOrNull(row.completed_at),
    })),
    next: page.next,
  };
}

export async function listWebhooks(
  db: Db,
  caller: AccessClaims,
  query: { failed?: 'true' | 'false'; after?: string },
  size = adminPageSize,
): Promise<AdminWebhookPage> {
  await requirePermission(db, caller, 'payments.read');
  const rows = await searchWebhooks(db, query.failed === 'true', decodeCursor(query.after), size + 1);
  const page = pageOf(rows, size);
  return {
    items: page.items.map((row) => ({
      id: row.id,
      provider: row.provider,
      providerEventId: row.provider_event_id,
      type: row.type,
      orderId: row.order_id,
      outcome: row.outcome,
      receivedAt: iso(row.received_at),
    })),
    next: page.next,
  };
}

/** Payouts to organisers across the platform, newest first (payments.read). */
export async function listPayouts(
  db: Db,
  caller: AccessClaims,
  query: { q?: string | undefined; after?: string | undefined },
  size = adminPageSize,
): Promise<AdminPayoutPage> {
  await requirePermission(db, caller, 'payments.read');
  const rows = await searchPayouts(db, query.q || undefined, decodeCursor(query.after), size + 1);
  const page = pageOf(rows, size);
  return {
    items: page.items.map((row) => ({
      id: row.id,
      reference: row.reference,
      organizationId: row.organization_id,
      organizationName: row.organization_name,
      currency: row.currency,
      amount: row.amount,
      orders: row.order_count,
      provider: row.provider,
      status: row.status,
      createdAt: iso(row.created_at),
    })),
    next: page.next,
  };
}

/**
 * Applies a failed delivery (one that matched no payment) again, as the provider's redelivery would be, and records
 * who did and what it came to (orders.refund: it can confirm an order and issue its tickets).
 */
export async function retryWebhook(
  deps: OrdersDeps,
  caller: AccessClaims,
  deliveryId: string,
  origin: string,
): Promise<WebhookRetry> {
  const actorId = await requirePermission(deps.db, caller, 'orders.refund');
  const outcome = await retryUnmatchedDelivery(deps, deliveryId, origin);
  await recordAudit(deps.db, {
    actorId,
    action: 'admin.webhook_retried',
    subjectType: 'payment_event',
    subjectId: deliveryId,
    details: { outcome },
  });
  return { outcome };
}

const FEE_DAYS = 30;

export async function platformFees(db: Db, caller: AccessClaims): Promise<PlatformFees> {
  await requirePermission(db, caller, 'payments.read');
  const since = new Date(Date.now() - FEE_DAYS * 24 * 3600 * 1000);
  const rows = await platformFeesSince(db, since);
  return {
    since: since.toISOString(),
    items: rows.map((row) => ({
      currency: row.currency,
      orders: Number(row.orders),
      fees: Number(row.fees),
      refundedFees: Number(row.refunded),
    })),
  };
}

// --- booking fees ------------------------------------------------------------------------------------

async function ruleList(db: Db, organizationId?: string): Promise<FeeRule[]> {
  const rows = await feeRules(db, organizationId);
  const now = Date.now();
  // In force: per scope (an organiser's plan or the platform; a currency or every currency), the latest that has
  // started (ties: the latest written), as checkout reads it.
  const current = new Set<string>();
  const scopes = new Set<string>();
  for (const row of rows) {
    const scope = `${row.organization_id ?? ''}|${row.currency ?? ''}`;
    if (scopes.has(scope) || new Date(row.effective_from).getTime() > now) continue;
    scopes.add(scope);
    current.add(row.id);
  }
  return rows.map((row) => ({
    ...toFeeRule(row),
    organizationName: row.organization_name,
    effectiveFrom: iso(row.effective_from),
    createdAt: iso(row.created_at),
    current: current.has(row.id),
  }));
}

export async function listFeeRules(
  db: Db,
  caller: AccessClaims,
  query: { organization?: string | undefined } = {},
): Promise<FeeRule[]> {
  await requirePermission(db, caller, 'fees.manage');
  return ruleList(db, query.organization);
}

/** Adds a rule that starts later (the history is append-only: a rule is never changed or removed). */
export async function addFeeRule(db: Db, caller: AccessClaims, input: NewFeeRule): Promise<FeeRule[]> {
  const actorId = await requireSensitivePermission(db, caller, 'fees.manage');
  const from = new Date(input.effectiveFrom);
  if (from.getTime() <= Date.now() + 60_000) {
    const message = 'A new rule must start in the future (at least a minute from now).';
    throw new HttpError('BAD_REQUEST', message, [{ path: 'body.effectiveFrom', message }]);
  }
  if (input.capPerTicket !== null && input.capPerTicket < Math.max(input.fixed, input.minPerTicket ?? 0)) {
    const message = 'The cap per ticket cannot be below the fixed amount or the minimum.';
    throw new HttpError('BAD_REQUEST', message, [{ path: 'body.capPerTicket', message }]);
  }
  const organizationId = input.organizationId ?? null;
  if (organizationId !== null && !(await findOrganiser(db, organizationId))) throw notFound('That organiser');
  await db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('booking_fee_rules')
      .values({
        percent_basis_points: input.percentBasisPoints,
        fixed: input.fixed,
        cap_per_ticket: input.capPerTicket,
        min_per_ticket: input.minPerTicket,
        currency: input.currency,
        organization_id: organizationId,
        effective_from: from,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await recordAudit(trx, {
      actorId,
      action: 'admin.fee_rule_added',
      // A plan rule is part of the organiser's history; a platform rule is its own object.
      ...(organizationId
        ? { subjectType: 'organization', subjectId: organizationId }
        : { subjectType: 'booking_fee_rule', subjectId: row.id }),
      details: {
        ruleId: row.id,
        reason: input.reason,
        after: {
          percentBasisPoints: input.percentBasisPoints,
          fixed: input.fixed,
          capPerTicket: input.capPerTicket,
          minPerTicket: input.minPerTicket,
          currency: input.currency,
          organizationId,
          effectiveFrom: from.toISOString(),
        },
      },
    });
  });
  return ruleList(db, organizationId ?? undefined);
}

/** What a buyer pays and the organiser receives for a sample order, by the function checkout prices with. */
export async function quoteFee(db: Db, caller: AccessClaims, input: FeeQuoteRequest): Promise<FeeQuote> {
  await requirePermission(db, caller, 'fees.manage');
  const rules = await ruleList(db);
  const rule = input.ruleId
    ? rules.find((one) => one.id === input.ruleId)
    : feeRuleFor(
        rules.filter((one) => one.current),
        input.currency,
        input.organizationId ?? null,
      );
  if (input.ruleId && !rule) throw notFound('That fee rule');
  if (rule?.currency && rule.currency !== input.currency) {
    const message = `That rule prices ${rule.currency} tickets; choose ${rule.currency} or another rule.`;
    throw new HttpError('BAD_REQUEST', message, [{ path: 'body.currency', message }]);
  }
  const amounts = orderAmounts(rule ?? noBookingFee, input.lines);
  return { ruleId: rule?.id ?? null, ...amounts, organiserReceives: amounts.subtotal };
}

/** The admin console's event moderation: every event with its sales; unpublish, suspend, lift and feature one. */
import type { AdminEventPage, AdminEventRow, AdminEventsQuery, ModerateEvent } from '../../../src/contract/admin-sales.ts';
import type { Db } from '../../db/database.ts';
import { recordAudit } from '../../lib/audit-log.ts';
import type { AccessClaims } from '../../lib/auth/access-tokens.ts';
import { HttpError, notFound } from '../../lib/http-error.ts';
import { decodeCursor, pageOf } from '../../lib/keyset-cursor.ts';
import { enqueueMail } from '../../lib/mail/outbox.ts';
import { escapeHtml, mailPage } from '../../lib/mail/templates.ts';
import { requirePermission, requireSensitivePermission } from './admin-access.service.ts';
import { eventForModeration, organiserContacts, salesOfEvents, searchEvents } from './admin-events.repository.ts';
import { adminPageSize } from './admin-page-size.ts';

const iso = (value: Date | string) => new Date(value).toISOString();
const isoOrNull = (value: Date | string | null) => (value === null ? null : iso(value));

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

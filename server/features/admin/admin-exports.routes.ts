import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { formatCount } from '#contract/count-text.ts';
import { adminUsersQuerySchema, auditQuerySchema } from '../../../src/contract/admin.ts';
import {
  adminEventsQuerySchema,
  adminOrdersQuerySchema,
  adminPaymentsQuerySchema,
  adminPayoutsQuerySchema,
  adminRefundsQuerySchema,
  adminTicketsQuerySchema,
  adminWebhooksQuerySchema,
} from '../../../src/contract/admin-sales.ts';
import { decimalAmount } from '../../../src/contract/money.ts';
import { adminOrganisersQuerySchema } from '../../../src/contract/verification.ts';
import type { ApiContext } from '../../api-context.ts';
import { toCsv } from '../../lib/csv.ts';
import { listEvents } from './admin-events.service.ts';
import { everyRow, exportRowLimit, type List } from './admin-exports.service.ts';
import { listPayments, listPayouts, listRefunds, listWebhooks } from './admin-money.service.ts';
import { listOrders } from './admin-orders.service.ts';
import { listOrganisers } from './admin-organisers.service.ts';
import { listTickets } from './admin-tickets.service.ts';
import { listUsers, readAudit } from './admin-users.service.ts';

interface CsvExport<Query extends { after?: string | undefined }, Row> {
  /** The list's name: `/admin/{name}.csv`, saved as `admin-{name}-{date}.csv`. */
  name: string;
  /** Who may download it, as the list's own permission check says. */
  summary: string;
  query: z.ZodType<Query>;
  list: List<Query, Row>;
  columns: Array<[header: string, cell: (row: Row) => string]>;
}

type Deps = Pick<ApiContext, 'db' | 'routes' | 'auth'>;

/** One export, ready to register (the lists' rows differ, so each is typed on its own). */
const csvExport =
  <Query extends { after?: string | undefined }, Row>(spec: CsvExport<Query, Row>) =>
  (app: FastifyInstance, deps: Deps) =>
    register(app, deps, spec);

const when = (iso: string | null) => iso ?? '';
const yesNo = (value: boolean) => (value ? 'yes' : 'no');

const csvExports = [
  csvExport({
    name: 'orders',
    summary: 'The filtered orders as CSV (payments.read or orders.refund)',
    query: adminOrdersQuerySchema,
    list: listOrders,
    columns: [
      ['Reference', (row) => row.reference],
      ['Placed at', (row) => row.createdAt],
      ['Status', (row) => row.status],
      ['Event', (row) => row.eventTitle],
      ['Buyer', (row) => row.buyerName],
      ['Email', (row) => row.buyerEmail],
      ['Currency', (row) => row.currency],
      ['Total', (row) => decimalAmount(row.total, row.currency)],
      ['Refunded', (row) => decimalAmount(row.refunded, row.currency)],
      ['Test', (row) => yesNo(row.test)],
    ],
  }),
  csvExport({
    name: 'users',
    summary: 'The found users as CSV (users.read)',
    query: adminUsersQuerySchema,
    list: listUsers,
    columns: [
      ['Email', (row) => row.email],
      ['Name', (row) => row.name],
      ['Administrator', (row) => yesNo(row.isAdmin)],
      ['Email confirmed', (row) => yesNo(row.emailConfirmed)],
      ['Suspended at', (row) => when(row.suspendedAt)],
      ['Suspension reason', (row) => row.suspensionReason ?? ''],
      ['Joined at', (row) => row.createdAt],
    ],
  }),
  csvExport({
    name: 'organisers',
    summary: 'The filtered organisers as CSV (organisers.review)',
    query: adminOrganisersQuerySchema,
    list: listOrganisers,
    columns: [
      ['Organisation', (row) => row.name],
      ['Verification', (row) => row.kycStatus],
      ['Payouts enabled', (row) => yesNo(row.payoutsEnabled)],
      ['Owner email', (row) => row.ownerEmail ?? ''],
      ['Members', (row) => String(row.members)],
      ['Events', (row) => String(row.events)],
      ['Suspended at', (row) => when(row.suspendedAt)],
      ['Created at', (row) => row.createdAt],
    ],
  }),
  csvExport({
    name: 'events',
    summary: 'The filtered events with their sales as CSV (events.moderate)',
    query: adminEventsQuerySchema,
    list: listEvents,
    columns: [
      ['Event', (row) => row.title],
      ['Organisation', (row) => row.organisationName],
      ['Status', (row) => row.status],
      ['Starts at', (row) => row.startsAt],
      ['Featured', (row) => yesNo(row.featured)],
      ['Suspended at', (row) => when(row.suspendedAt)],
      ['Suspension reason', (row) => row.suspensionReason ?? ''],
      ['Tickets sold', (row) => String(row.ticketsSold)],
      ['Capacity', (row) => String(row.capacity)],
      ['Sales', (row) => row.sales.map((sale) => `${sale.currency} ${decimalAmount(sale.amount, sale.currency)}`).join('; ')],
      ['Created at', (row) => row.createdAt],
    ],
  }),
  csvExport({
    name: 'tickets',
    summary: 'The found tickets as CSV, without their codes (tickets.void)',
    query: adminTicketsQuerySchema,
    list: listTickets,
    columns: [
      ['Holder', (row) => row.holderName],
      ['Ticket type', (row) => row.typeName],
      ['Status', (row) => row.status],
      ['Voided at', (row) => when(row.voidedAt)],
      ['Event', (row) => row.eventTitle],
      ['Order', (row) => row.reference],
      ['Buyer email', (row) => row.buyerEmail],
      ['Test', (row) => yesNo(row.test)],
      ['Issued at', (row) => row.createdAt],
    ],
  }),
  csvExport({
    name: 'payments',
    summary: 'The found payments as CSV (payments.read)',
    query: adminPaymentsQuerySchema,
    list: listPayments,
    columns: [
      ['Order', (row) => row.reference],
      ['Buyer email', (row) => row.buyerEmail],
      ['Provider', (row) => row.provider],
      ['Provider reference', (row) => row.paymentRef ?? ''],
      ['Currency', (row) => row.currency],
      ['Amount', (row) => decimalAmount(row.amount, row.currency)],
      ['Booking fee', (row) => decimalAmount(row.fee, row.currency)],
      ['Status', (row) => row.status],
      ['Failure', (row) => row.failureReason ?? ''],
      ['Test', (row) => yesNo(row.test)],
      ['Created at', (row) => row.createdAt],
    ],
  }),
  csvExport({
    name: 'refunds',
    summary: 'The filtered refunds as CSV (payments.read)',
    query: adminRefundsQuerySchema,
    list: listRefunds,
    columns: [
      ['Order', (row) => row.reference],
      ['Currency', (row) => row.currency],
      ['Amount', (row) => decimalAmount(row.amount, row.currency)],
      ['Booking fee returned', (row) => decimalAmount(row.feeAmount, row.currency)],
      ['Reason', (row) => row.reason],
      ['Provider', (row) => row.provider],
      ['Status', (row) => row.status],
      ['Attempts', (row) => String(row.attempts)],
      ['Last error', (row) => row.lastError ?? ''],
      ['Test', (row) => yesNo(row.test)],
      ['Asked at', (row) => row.createdAt],
      ['Completed at', (row) => when(row.completedAt)],
    ],
  }),
  csvExport({
    name: 'webhooks',
    summary: 'The filtered webhook deliveries as CSV (payments.read)',
    query: adminWebhooksQuerySchema,
    list: listWebhooks,
    columns: [
      ['Provider', (row) => row.provider],
      ['Provider event', (row) => row.providerEventId],
      ['Type', (row) => row.type],
      ['Order id', (row) => row.orderId ?? ''],
      ['Outcome', (row) => row.outcome],
      ['Received at', (row) => row.receivedAt],
    ],
  }),
  csvExport({
    name: 'payouts',
    summary: 'The found payouts to organisers as CSV (payments.read)',
    query: adminPayoutsQuerySchema,
    list: listPayouts,
    columns: [
      ['Reference', (row) => row.reference],
      ['Organiser', (row) => row.organizationName],
      ['Currency', (row) => row.currency],
      ['Amount', (row) => decimalAmount(row.amount, row.currency)],
      ['Orders', (row) => String(row.orders)],
      ['Provider', (row) => row.provider],
      ['Status', (row) => row.status],
      ['Paid out at', (row) => row.createdAt],
    ],
  }),
  csvExport({
    name: 'audit',
    summary: 'The found audit log entries as CSV (audit.read)',
    query: auditQuerySchema,
    list: readAudit,
    columns: [
      ['At', (row) => row.at],
      ['Who', (row) => row.actorEmail ?? (row.actorId ? row.actorId : 'the system')],
      ['Action', (row) => row.action],
      ['Subject', (row) => row.subjectType],
      ['Subject id', (row) => row.subjectId ?? ''],
      ['Details', (row) => JSON.stringify(row.details)],
    ],
  }),
];

/** `GET /admin/{list}.csv` for every admin list: the same filters as the list, at most 10,000 rows. */
export function adminExportsRoutes(app: FastifyInstance, context: ApiContext): void {
  for (const add of csvExports) add(app, context);
}

function register<Query extends { after?: string | undefined }, Row>(
  app: FastifyInstance,
  { db, routes, auth }: Deps,
  spec: CsvExport<Query, Row>,
): void {
  routes.addFile(app, {
    method: 'GET',
    url: `/admin/${spec.name}.csv`,
    summary: `${spec.summary}; at most ${formatCount(exportRowLimit)} rows, every cell reads as text in a spreadsheet`,
    tags: ['admin'],
    auth: 'required',
    errors: ['FORBIDDEN'],
    query: spec.query,
    contentType: 'text/csv; charset=utf-8',
    handler: async ({ query, request }) => {
      const rows = await everyRow(spec.list, db, await auth.require(request), query);
      const content = toCsv(
        spec.columns.map(([header]) => header),
        rows.map((row) => spec.columns.map(([, cell]) => cell(row))),
      );
      return { fileName: `admin-${spec.name}-${new Date().toISOString().slice(0, 10)}.csv`, content };
    },
  });
}

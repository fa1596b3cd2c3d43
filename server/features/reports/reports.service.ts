import { Readable } from 'node:stream';
import { decimalAmount } from '../../../src/contract/money.ts';
import { TEST_PROVIDER } from '../../../src/contract/orders.ts';
import { type ReportKind, type ReportQuery, reportMaxRows } from '../../../src/contract/reports.ts';
import type { Db } from '../../db/database.ts';
import { HttpError } from '../../lib/http-error.ts';
import { csvLine } from '../orders/orders-csv.ts';
import { readableScope } from './dashboard.service.ts';
import { countReportRows, type ReportRow, type ReportScope, reportRows } from './reports.repository.ts';

type Cell = ReportRow[string] | undefined;

/** Rows read from the database at a time while the file streams out. */
const chunkRows = 1_000;

const iso = (value: Cell) => (value ? new Date(value).toISOString() : '');
const text = (value: Cell) => (value === null || value === undefined ? '' : String(value));
const money = (value: Cell, currency: Cell) => decimalAmount(Number(value ?? 0), String(currency));

const ledgerKinds: Record<string, string> = {
  charge: 'Ticket sale',
  booking_fee: 'Booking fee',
  refund: 'Refund',
  booking_fee_refund: 'Booking fee refund',
};

const layouts: Record<ReportKind, { header: string[]; row(row: ReportRow): string[] }> = {
  transactions: {
    header: ['Date (UTC)', 'Type', 'Order', 'Event', 'Event date (UTC)', 'Currency', 'Amount', 'Payment id', 'Refund id'],
    row: (row) => [
      iso(row.at),
      ledgerKinds[String(row.kind)] ?? text(row.kind),
      text(row.reference),
      text(row.event_title),
      iso(row.event_starts_at),
      text(row.currency),
      money(row.amount, row.currency),
      text(row.payment_ref),
      text(row.provider_refund_id),
    ],
  },
  'sales-by-type': {
    header: ['Event', 'Event date (UTC)', 'Ticket type', 'Currency', 'Tickets', 'Ticket sales', 'Booking fees', 'Paid by buyers'],
    row: (row) => [
      text(row.event_title),
      iso(row.event_starts_at),
      text(row.type_name),
      text(row.currency),
      text(Number(row.tickets)),
      money(row.ticket_money, row.currency),
      money(row.fees, row.currency),
      money(Number(row.ticket_money) + Number(row.fees), row.currency),
    ],
  },
  checkins: {
    header: ['Event', 'Event date (UTC)', 'Tickets sold', 'Checked in', 'Inside now', 'Not arrived'],
    row: (row) => [
      text(row.event_title),
      iso(row.event_starts_at),
      text(Number(row.sold)),
      text(Number(row.checked_in)),
      text(Number(row.inside)),
      text(Math.max(0, Number(row.sold) - Number(row.checked_in))),
    ],
  },
  attendees: {
    header: [
      'Event',
      'Event date (UTC)',
      'Ticket type',
      'Ticket holder',
      'Buyer',
      'Buyer email',
      'Order',
      'Checked in at (UTC)',
      'Checked in by device',
      'Test',
    ],
    row: (row) => [
      text(row.event_title),
      iso(row.event_starts_at),
      text(row.type_name),
      text(row.holder_name),
      text(row.buyer_name),
      text(row.buyer_email),
      text(row.reference),
      iso(row.scanned_at),
      text(row.device_name),
      row.provider === TEST_PROVIDER ? 'yes' : 'no',
    ],
  },
};

async function* lines(db: Db, kind: ReportKind, scope: ReportScope, total: number) {
  const layout = layouts[kind];
  yield csvLine(layout.header);
  for (let offset = 0; offset < total; offset += chunkRows) {
    const rows = await reportRows(db, kind, scope, Math.min(chunkRows, total - offset), offset);
    if (rows.length === 0) return;
    yield rows.map((row) => csvLine(layout.row(row))).join('');
  }
}

/**
 * A report as CSV, streamed a chunk of rows at a time (owners, managers, finance). Refused, with nothing sent,
 * when it would hold more than `reportMaxRows` rows.
 */
export async function reportCsv(db: Db, userId: string, organizationId: string, kind: ReportKind, query: ReportQuery) {
  await readableScope(db, userId, organizationId, query.eventId);
  const scope = { organizationId, query };
  const total = await countReportRows(db, kind, scope);
  if (total > reportMaxRows) {
    throw new HttpError(
      'BAD_REQUEST',
      `This report would have ${total.toLocaleString('en-GB')} rows; one file holds at most ${reportMaxRows.toLocaleString('en-GB')}. Choose fewer days or one event.`,
    );
  }
  return {
    fileName: `${kind}-${query.from}-to-${query.to}.csv`,
    content: Readable.from(lines(db, kind, scope, total)),
  };
}

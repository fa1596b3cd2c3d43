import { decimalAmount } from '../../../src/contract/money.ts';
import { TEST_PROVIDER } from '../../../src/contract/orders.ts';
import { type AnswerValue, answerText, type QuestionKind } from '../../../src/contract/questions.ts';
import type { ReportKind } from '../../../src/contract/reports.ts';
import { ledgerMoney } from '../../lib/ledger-money.ts';
import type { ReportRow } from './reports.repository.ts';

type Cell = ReportRow[string] | undefined;

export interface ReportColumn {
  header: string;
  /** A figure: right-aligned on screen, a number in a workbook. */
  numeric?: boolean;
  /** An amount of money: shown only to those who may see the money (owners and finance). */
  money?: boolean;
  cell(row: ReportRow): string;
}

const iso = (value: Cell) => (value ? new Date(value).toISOString() : '');
const text = (value: Cell) => (value === null || value === undefined ? '' : String(value));
const money = (value: Cell, currency: Cell) => decimalAmount(Number(value ?? 0), String(currency));
const count = (value: Cell) => text(Number(value ?? 0));

const ledgerKinds: Record<string, string> = {
  charge: 'Ticket sale',
  booking_fee: 'Booking fee',
  refund: 'Refund',
  booking_fee_refund: 'Booking fee refund',
};

const column = (header: string, cell: ReportColumn['cell'], extra: Partial<ReportColumn> = {}): ReportColumn => ({
  header,
  cell,
  ...extra,
});
const figure = (header: string, cell: ReportColumn['cell']) => column(header, cell, { numeric: true });
const amount = (header: string, minor: (row: ReportRow) => Cell) =>
  column(header, (row) => money(minor(row), row.currency), { numeric: true, money: true });

const eventColumns = [
  column('Event', (row) => text(row.event_title)),
  column('Event date (UTC)', (row) => iso(row.event_starts_at)),
];

/** Each report's columns, in the order the files and the screen show them. */
export const reportLayouts: Record<ReportKind, ReportColumn[]> = {
  'revenue-summary': [
    column('Currency', (row) => text(row.currency)),
    figure('Orders paid', (row) => count(row.orders)),
    amount('Gross (paid by buyers)', (row) => ledgerMoney(row).gross),
    amount('Booking fees (Admit)', (row) => ledgerMoney(row).bookingFees),
    amount('Refunds', (row) => ledgerMoney(row).refunds),
    amount('Net (yours)', (row) => ledgerMoney(row).net),
  ],
  transactions: [
    column('Date (UTC)', (row) => iso(row.at)),
    column('Type', (row) => ledgerKinds[String(row.kind)] ?? text(row.kind)),
    column('Order', (row) => text(row.reference)),
    ...eventColumns,
    column('Currency', (row) => text(row.currency)),
    amount('Amount', (row) => row.amount),
    column('Payment id', (row) => text(row.payment_ref)),
    column('Refund id', (row) => text(row.provider_refund_id)),
  ],
  'sales-by-day': [
    column('Day (UTC)', (row) => text(row.day)),
    column('Currency', (row) => text(row.currency)),
    figure('Orders', (row) => count(row.orders)),
    figure('Tickets', (row) => count(row.tickets)),
    amount('Ticket sales', (row) => row.ticket_money),
    amount('Booking fees', (row) => row.fees),
    amount('Paid by buyers', (row) => Number(row.ticket_money) + Number(row.fees)),
  ],
  'sales-by-type': [
    ...eventColumns,
    column('Ticket type', (row) => text(row.type_name)),
    column('Currency', (row) => text(row.currency)),
    figure('Tickets', (row) => count(row.tickets)),
    amount('Ticket sales', (row) => row.ticket_money),
    amount('Booking fees', (row) => row.fees),
    amount('Paid by buyers', (row) => Number(row.ticket_money) + Number(row.fees)),
  ],
  checkins: [
    ...eventColumns,
    figure('Tickets sold', (row) => count(row.sold)),
    figure('Checked in', (row) => count(row.checked_in)),
    figure('Inside now', (row) => count(row.inside)),
    figure('Not arrived', (row) => text(Math.max(0, Number(row.sold) - Number(row.checked_in)))),
  ],
  attendees: [
    ...eventColumns,
    column('Ticket type', (row) => text(row.type_name)),
    column('Ticket holder', (row) => text(row.holder_name)),
    column('Holder email', (row) => text(row.holder_email)),
    column('Buyer', (row) => text(row.buyer_name)),
    column('Buyer email', (row) => text(row.buyer_email)),
    column('Order', (row) => text(row.reference)),
    column('Checked in at (UTC)', (row) => iso(row.scanned_at)),
    column('Checked in by device', (row) => text(row.device_name)),
    column('Test', (row) => (row.provider === TEST_PROVIDER ? 'yes' : 'no')),
  ],
  'discount-codes': [
    ...eventColumns,
    column('Code', (row) => text(row.code)),
    column('Currency', (row) => text(row.currency)),
    figure('Orders paid', (row) => count(row.orders)),
    figure('Tickets', (row) => count(row.tickets)),
    amount('Ticket sales', (row) => row.ticket_money),
    amount('Discount given', (row) => row.discount),
    column('Test', (row) => (row.test ? 'yes' : 'no')),
  ],
};

/** The report's columns for this caller: money columns only for those who may see the money. */
export const columnsFor = (kind: ReportKind, seesMoney: boolean) =>
  reportLayouts[kind].filter((candidate) => seesMoney || !candidate.money);

type RowAnswers = Record<string, { k: QuestionKind; v: AnswerValue }>;
/** Each row's answers, read once however many question columns there are. */
const rowAnswers = new WeakMap<ReportRow, RowAnswers>();

function answerCell(row: ReportRow, questionId: string): string {
  let answers = rowAnswers.get(row);
  if (!answers) {
    answers = row.answers ? (JSON.parse(String(row.answers)) as RowAnswers) : {};
    rowAnswers.set(row, answers);
  }
  const answer = answers[questionId];
  return answer ? answerText(answer.k, answer.v) : '';
}

/**
 * One column per question of the event in its attendee report (decision 064): a ticket's answers on its row, its
 * order's answers on every row of the order.
 */
export const questionColumns = (questions: readonly { id: string; label: string }[]): ReportColumn[] =>
  questions.map((question) => column(question.label, (row) => answerCell(row, question.id)));

import { Readable } from 'node:stream';
import { formatCount } from '#contract/count-text.ts';
import { can } from '../../../src/contract/permissions.ts';
import {
  fileMaxRows,
  type ReportFileQuery,
  type ReportFormat,
  type ReportKind,
  type ReportPage,
  type ReportPageQuery,
  reportPageRows,
  reportPermission,
} from '../../../src/contract/reports.ts';
import { withCustomPlans } from '../../db/custom-plans.ts';
import type { Db, Executor } from '../../db/database.ts';
import { csvLine } from '../../lib/csv.ts';
import { HttpError, notFound } from '../../lib/http-error.ts';
import { workbookLimiter, xlsxContentType, xlsxWorkbookOffThread } from '../../lib/xlsx-workbook.ts';
import { organizationOfEvent, requirePermission } from '../organizations/organizations.service.ts';
import { reportQuestionsOf } from '../questions/questions.service.ts';
import { columnsFor, questionColumns, type ReportColumn } from './report-layouts.ts';
import {
  countReportRows,
  idWidth,
  type ReportScope,
  reportPageWithTotal,
  reportRowIds,
  reportRows,
  reportRowsWithIds,
} from './reports.repository.ts';

/**
 * Rows read from the database at a time while the file streams out. A chunk's rows outlive the collections of V8's
 * young generation that run while they are written out, and what survives them makes V8 grow it: at 1,000 rows a
 * 200,000-row CSV grew it to 64 MB, at 250 to 32 MB, in no more time (decision 044).
 */
const chunkRows = 250;

/**
 * Who may read this report, and with which columns: not a member → 404, a member without the report's right → 403
 * (money reports: owners and finance; the others: every order reader), an event of another organisation → 404.
 */
async function readableReport(db: Db, userId: string, organizationId: string, kind: ReportKind, eventId: string | undefined) {
  const role = await requirePermission(db, organizationId, userId, reportPermission[kind]);
  if (eventId && (await organizationOfEvent(db, eventId)) !== organizationId) throw notFound('That event');
  const columns = columnsFor(kind, can(role, 'money.read'));
  // One event's attendees carry its questions' answers, a column each.
  return kind === 'attendees' && eventId ? [...columns, ...questionColumns(await reportQuestionsOf(db, eventId))] : columns;
}

const cellsOf = (columns: ReportColumn[], row: Parameters<ReportColumn['cell']>[0]) => columns.map((item) => item.cell(row));

/** Ids of a report of records read at a time, in order, while its file streams out. */
const idPieceRows = 50_000;

/**
 * The report's rows, read from the database a chunk at a time: a report of records by its ids, a piece of them at a
 * time, each piece read on from the last id of the one before; a grouped report by its place in the order.
 */
async function* rowChunks(db: Executor, kind: ReportKind, scope: ReportScope, total: number) {
  let ids = await reportRowIds(db, kind, scope, Math.min(idPieceRows, total));
  if (ids === null) {
    for (let offset = 0; offset < total; offset += chunkRows) {
      const rows = await reportRows(db, kind, scope, Math.min(chunkRows, total - offset), offset);
      if (rows.length === 0) return;
      yield rows;
    }
    return;
  }
  for (let read = 0; ids.length > 0; ) {
    for (let start = 0; start < ids.length; start += chunkRows * idWidth) {
      const chunk: string[] = [];
      for (let at = start; at < Math.min(ids.length, start + chunkRows * idWidth); at += idWidth)
        chunk.push(ids.slice(at, at + idWidth));
      yield await reportRowsWithIds(db, kind, scope, chunk);
    }
    read += ids.length / idWidth;
    if (read >= total || ids.length < idPieceRows * idWidth) return;
    ids = (await reportRowIds(db, kind, scope, Math.min(idPieceRows, total - read), ids.slice(-idWidth))) ?? '';
  }
}

/**
 * CSV lines sent as one piece: a thousand lines joined (about 140 KB) would be a string too large for V8's young
 * generation, kept until a full collection; a hundred die young.
 */
const linesPerPiece = 100;

async function* csvLines(db: Executor, kind: ReportKind, scope: ReportScope, columns: ReportColumn[], total: number) {
  yield csvLine(columns.map((item) => item.header));
  for await (const rows of rowChunks(db, kind, scope, total)) {
    for (let at = 0; at < rows.length; at += linesPerPiece)
      yield rows
        .slice(at, at + linesPerPiece)
        .map((row) => csvLine(cellsOf(columns, row)))
        .join('');
  }
}

/** Workbooks this process writes at once: at the row cap each holds a few hundred MB while it is written. */
const inWorkbookSlot = workbookLimiter(2);

function workbook(db: Executor, kind: ReportKind, scope: ReportScope, columns: ReportColumn[], total: number) {
  return inWorkbookSlot(async () => {
    const rows: string[][] = [];
    for await (const chunk of rowChunks(db, kind, scope, total)) for (const row of chunk) rows.push(cellsOf(columns, row));
    return xlsxWorkbookOffThread({ sheet: kind, columns: columns.map(({ header, numeric }) => ({ header, numeric })), rows });
  });
}

export const reportFileName = (kind: ReportKind, query: { from: string; to: string; format: ReportFormat }) =>
  `${kind}-${query.from}-to-${query.to}.${query.format}`;

/** A whole report in memory, for a mail: its CSV text or its XLSX workbook (keep `total` small). */
export async function reportBytes(
  db: Executor,
  kind: ReportKind,
  scope: ReportScope,
  columns: ReportColumn[],
  total: number,
  format: ReportFormat,
): Promise<Buffer> {
  if (format === 'xlsx') return workbook(db, kind, scope, columns, total);
  const parts: string[] = [];
  for await (const part of csvLines(db, kind, scope, columns, total)) parts.push(part);
  return Buffer.from(parts.join(''), 'utf8');
}

/**
 * A report as a file: CSV streamed a chunk of rows at a time, or an XLSX workbook of the same columns and cells.
 * Refused, with nothing sent, when it would hold more rows than the format allows (`fileMaxRows`).
 */
export async function reportFile(db: Db, userId: string, organizationId: string, kind: ReportKind, query: ReportFileQuery) {
  const columns = await readableReport(db, userId, organizationId, kind, query.eventId);
  const scope = { organizationId, query };
  const total = await countReportRows(db, kind, scope);
  const maxRows = fileMaxRows(query.format);
  if (total > maxRows) {
    throw new HttpError(
      'BAD_REQUEST',
      `This report would have ${formatCount(total)} rows; one ${query.format.toUpperCase()} file holds at most ${formatCount(maxRows)}. Choose fewer days or one event${query.format === 'xlsx' ? ', or CSV' : ''}.`,
    );
  }
  const fileName = reportFileName(kind, query);
  if (query.format === 'xlsx') {
    return { fileName, contentType: xlsxContentType, content: await workbook(db, kind, scope, columns, total) };
  }
  return { fileName, content: Readable.from(csvLines(db, kind, scope, columns, total)) };
}

/** One page of a report, for the screen: the same columns and cells as its file. */
export async function reportPage(
  db: Db,
  userId: string,
  organizationId: string,
  kind: ReportKind,
  query: ReportPageQuery,
): Promise<ReportPage> {
  const columns = await readableReport(db, userId, organizationId, kind, query.eventId);
  const scope = { organizationId, query };
  const { total, rows } = await withCustomPlans(db, (trx) =>
    reportPageWithTotal(trx, kind, scope, reportPageRows, (query.page - 1) * reportPageRows),
  );
  return {
    columns: columns.map((item) => ({ header: item.header, numeric: Boolean(item.numeric) })),
    rows: rows.map((row) => cellsOf(columns, row)),
    total,
    page: query.page,
    pageSize: reportPageRows,
  };
}

import { Worker } from 'node:worker_threads';
import type { Cell, Row } from 'write-excel-file/node';
import { HttpError } from './http-error.ts';

/** The one place the spreadsheet library is used: a table of text cells in, an XLSX file out. */

export const xlsxContentType = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export interface WorkbookColumn {
  header: string;
  /** A figure: written as a number (with as many decimals as its text shows), not as text. */
  numeric?: boolean;
}

export interface WorkbookTable {
  /** The sheet's name: at most 31 characters, none of []:*?/\ (others are replaced). */
  sheet: string;
  columns: readonly WorkbookColumn[];
  /** The cells as the CSV holds them (amounts in major units such as `12.50`, times as ISO text). */
  rows: readonly (readonly string[])[];
}

const plainNumber = /^-?\d+(\.(\d+))?$/;
const minWidth = 8;
const maxWidth = 60;

/**
 * A numeric cell's text as a number, formatted to show the same decimals (`12.50` stays `12.50`); text that is not a
 * plain number (an empty cell) stays text.
 */
function numberCell(text: string): Cell {
  const match = plainNumber.exec(text);
  if (!match) return textCell(text);
  const decimals = match[2]?.length ?? 0;
  return { value: Number(text), type: Number, ...(decimals > 0 ? { format: `0.${'0'.repeat(decimals)}` } : {}) };
}

/**
 * write-excel-file 4.1.1 finds shared strings in a plain object, so a cell reading exactly `constructor`, `toString`,
 * `__proto__`… would be written as garbage (`function Object() …`). Such a cell gets a zero-width space after it.
 */
const objectKeys = new Set(Object.getOwnPropertyNames(Object.prototype));
const safeText = (text: string) => (objectKeys.has(text) ? `${text}\u200b` : text);

/** Always a string cell: never a formula, whatever the text starts with (`=`, `+`, `-`, `@`). */
const textCell = (text: string): Cell => (text === '' ? null : { value: safeText(text), type: String });

/** Excel's limits on a sheet's name. */
export const sheetName = (name: string) =>
  name
    .replace(/[[\]/\\:*?]/g, ' ')
    .slice(0, 31)
    .trim() || 'Sheet1';

/** Each column as wide as its longest cell (header included), within bounds, in characters. */
function widths(table: WorkbookTable) {
  return table.columns.map((column, index) => {
    let longest = column.header.length;
    for (const row of table.rows) longest = Math.max(longest, row[index]?.length ?? 0);
    return { width: Math.min(maxWidth, Math.max(minWidth, longest + 2)) };
  });
}

/**
 * The table as an XLSX workbook of one sheet: a bold header row, numbers as numbers, every other cell as text. Built
 * synchronously; `xlsxWorkbookOffThread` builds it in a worker so a long one does not stall the server.
 */
export async function xlsxWorkbook(table: WorkbookTable): Promise<Buffer> {
  const header: Row = table.columns.map((column) => ({ value: safeText(column.header), type: String, fontWeight: 'bold' }));
  const body: Row[] = table.rows.map((row) =>
    table.columns.map((column, index) => {
      const text = row[index] ?? '';
      return column.numeric ? numberCell(text) : textCell(text);
    }),
  );
  // Loaded by the first export, not at start: most instances never build a workbook.
  const { default: writeXlsxFile } = await import('write-excel-file/node');
  return writeXlsxFile([header, ...body], {
    sheet: sheetName(table.sheet),
    columns: widths(table),
    stickyRowsCount: 1,
  }).toBuffer();
}

/**
 * `xlsxWorkbook` in a worker thread: the library writes the whole file without yielding (50,000 rows hold the event
 * loop for seconds), so the server keeps answering other requests meanwhile.
 */
export function xlsxWorkbookOffThread(table: WorkbookTable): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./xlsx-workbook.worker.ts', import.meta.url), { workerData: table });
    worker.once('message', (bytes: Uint8Array) => resolve(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)));
    worker.once('error', reject);
    worker.once('exit', (code) => {
      if (code !== 0) reject(new Error(`The workbook writer stopped with code ${code}.`));
    });
  });
}

/**
 * Runs `write` while fewer than `max` workbooks are being written by this process, and refuses at once (429) when
 * that many are: a few large downloads at the same moment would otherwise hold gigabytes.
 */
export function workbookLimiter(max: number) {
  let running = 0;
  return async <T>(write: () => Promise<T>): Promise<T> => {
    if (running >= max) {
      throw new HttpError('TOO_MANY_REQUESTS', 'Other workbooks are being prepared. Try again in a minute, or download the CSV.');
    }
    running += 1;
    try {
      return await write();
    } finally {
      running -= 1;
    }
  };
}

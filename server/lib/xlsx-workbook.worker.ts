import { parentPort, workerData } from 'node:worker_threads';
import { type WorkbookTable, xlsxWorkbook } from './xlsx-workbook.ts';

/** Writes the workbook `xlsxWorkbookOffThread` asked for and hands its bytes back (copied once, then moved). */
const bytes = new Uint8Array(await xlsxWorkbook(workerData as WorkbookTable));
parentPort?.postMessage(bytes, [bytes.buffer]);

import { SHORT_CODE_LENGTH } from './short-ticket-code.ts';

/**
 * The scan data's constants and decoding (src/contract/scan-data.ts describes the format): no schemas, so a
 * door device that only reads stored pages never loads the validation library.
 */

export const SCAN_DATA_FORMAT = 1;
/** Tickets per page by default, and at most. */
export const SCAN_DATA_PAGE_SIZE = 10_000;
export const SCAN_DATA_MAX_PAGE_SIZE = 20_000;
/** Length of each entry of `tickets.codeStarts`. */
export const CODE_START_LENGTH = 5;
/** How often a scanning device asks for changes, at least. */
export const SCAN_DATA_POLL_MS = 30_000;

/** A ticket key: 22 base64url characters. */
export const ticketKeyPattern = /^[A-Za-z0-9_-]{22}$/;

/**
 * A page's columns as decoding reads them. The schemas in scan-data.ts describe the same columns and check that
 * what they parse has this shape, so this file needs neither them nor the validation library.
 */
export interface ScanDataColumns {
  tickets: {
    ids: string;
    types: readonly number[];
    holders: readonly string[];
    status: string;
    codeStarts: string;
    codeStartLength: number;
    /** Absent from pages a device stored before scan data carried short codes. */
    shortCodes?: string;
    orderSizes: readonly number[];
    checkins: readonly (readonly [number, number, number])[];
    /** Answers shown at the door, sparse (decision 064); absent when a page has none. */
    doorAnswers?: readonly (readonly [number, string])[];
    /** When replaced codes were signed, sparse (decision 069); absent when a page has none. */
    codesFrom?: readonly (readonly [number, number])[];
  };
  orders: { references: readonly string[]; buyerNames: readonly string[]; buyerEmails: readonly string[] };
  ticketTypes: readonly { id: string; name: string }[];
  devices: readonly { id: string; name: string | null }[];
}

// --- ticket ids: UUID <-> 22-character base64url, isomorphic, no dependencies ---

const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
const B64_INDEX = new Map([...B64].map((char, index) => [char, index]));

/** A ticket id as it travels in scan data (base64url of its 16 bytes, no padding). */
export function ticketKey(uuid: string): string {
  const hex = uuid.replace(/-/g, '');
  if (!/^[0-9a-fA-F]{32}$/.test(hex)) throw new RangeError('Not a UUID.');
  let out = '';
  // 16 bytes = 5 groups of 3 bytes (4 characters) and one byte (2 characters).
  for (let i = 0; i < 30; i += 6) {
    const n = Number.parseInt(hex.slice(i, i + 6), 16);
    out += B64.charAt((n >> 18) & 63) + B64.charAt((n >> 12) & 63) + B64.charAt((n >> 6) & 63) + B64.charAt(n & 63);
  }
  const last = Number.parseInt(hex.slice(30, 32), 16);
  return out + B64.charAt(last >> 2) + B64.charAt((last & 3) << 4);
}

const sextet = (key: string, index: number): number => B64_INDEX.get(key.charAt(index)) ?? 0;

/** The UUID (lower case, with dashes) of a scan-data ticket key. */
export function ticketIdFromKey(key: string): string {
  if (!ticketKeyPattern.test(key)) throw new RangeError('Not a ticket key.');
  let hex = '';
  for (let i = 0; i < 20; i += 4) {
    const n = (sextet(key, i) << 18) | (sextet(key, i + 1) << 12) | (sextet(key, i + 2) << 6) | sextet(key, i + 3);
    hex += n.toString(16).padStart(6, '0');
  }
  const last = (sextet(key, 20) << 2) | (sextet(key, 21) >> 4);
  hex += last.toString(16).padStart(2, '0');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The base64url key of the i-th ticket of a page. */
export function ticketKeyAt(tickets: Pick<ScanDataColumns['tickets'], 'ids'>, index: number): string {
  return tickets.ids.slice(index * 22, index * 22 + 22);
}

/** One ticket of a page, expanded (what a device stores and searches). */
export interface ScanDataTicketRow {
  id: string;
  key: string;
  ticketTypeId: string;
  typeName: string;
  holderName: string;
  orderReference: string;
  buyerName: string;
  buyerEmail: string;
  status: 'valid' | 'voided' | 'unpaid';
  /** A TEST ticket (paid in the payment sandbox); voided and unpaid ones are not told apart. */
  test: boolean;
  codeStart: string;
  /** What a person types at the door; '' in pages stored before scan data carried short codes. */
  shortCode: string;
  /** When it was admitted, and by which device, if it was. */
  checkedIn: { at: string; deviceId: string; deviceName: string | null } | null;
  /** Its answers to the questions shown at the door, "Label: answer" lines; absent when it has none. */
  doorAnswers?: string;
  /** When its current code was signed (Unix seconds), for a ticket whose code replaced another (decision 069). */
  codeFrom?: number;
}

const STATUS = { v: 'valid', x: 'voided', u: 'unpaid', t: 'valid' } as const;

/** Expands a page's columns into rows, in order. */
export function scanDataTicketRows(page: ScanDataColumns): ScanDataTicketRow[] {
  const { tickets, orders, ticketTypes, devices } = page;
  const count = tickets.ids.length / 22;
  const checkins = new Map(tickets.checkins.map(([index, at, device]) => [index, { at, device }]));
  const answers = new Map(tickets.doorAnswers ?? []);
  const codesFrom = new Map(tickets.codesFrom ?? []);
  const rows: ScanDataTicketRow[] = [];
  let order = 0;
  let left = tickets.orderSizes[0] ?? 0;
  for (let i = 0; i < count; i += 1) {
    while (left === 0 && order < tickets.orderSizes.length - 1) {
      order += 1;
      left = tickets.orderSizes[order] ?? 0;
    }
    left -= 1;
    const key = ticketKeyAt(tickets, i);
    const type = ticketTypes[tickets.types[i] ?? -1];
    const checkin = checkins.get(i);
    const device = checkin ? devices[checkin.device] : undefined;
    const buyerName = orders.buyerNames[order] ?? '';
    rows.push({
      id: ticketIdFromKey(key),
      key,
      ticketTypeId: type?.id ?? '',
      typeName: type?.name ?? '',
      holderName: tickets.holders[i] || buyerName,
      orderReference: orders.references[order] ?? '',
      buyerName,
      buyerEmail: orders.buyerEmails[order] ?? '',
      status: STATUS[tickets.status[i] as keyof typeof STATUS] ?? 'valid',
      test: tickets.status[i] === 't',
      codeStart: tickets.codeStarts.slice(i * tickets.codeStartLength, (i + 1) * tickets.codeStartLength),
      shortCode: (tickets.shortCodes ?? '').slice(i * SHORT_CODE_LENGTH, (i + 1) * SHORT_CODE_LENGTH),
      checkedIn: checkin
        ? { at: new Date(checkin.at * 1000).toISOString(), deviceId: device?.id ?? '', deviceName: device?.name ?? null }
        : null,
    });
    const answer = answers.get(i);
    if (answer) (rows[rows.length - 1] as ScanDataTicketRow).doorAnswers = answer;
    const codeFrom = codesFrom.get(i);
    if (codeFrom !== undefined) (rows[rows.length - 1] as ScanDataTicketRow).codeFrom = codeFrom;
  }
  return rows;
}

import type { ManifestRow } from './manifest.ts';

/**
 * Search over the local manifest by holder or buyer name, email, order reference (with or without its dash), the start of a ticket
 * code, its short code (without dashes), or the start of a ticket id. Every row's searchable text is lower-cased into one string once per
 * sync; a query is then a native `indexOf` walk over it (no per-row work until a hit), which answers in a
 * few milliseconds for 100,000 tickets.
 */
export interface TicketSearchIndex {
  search(query: string, limit?: number): { rows: ManifestRow[]; more: boolean };
  readonly size: number;
}

const fieldSeparator = '\u0001';
const rowSeparator = '\u0002';
const codePrefix = /^ad1(?=[0-9a-z])/;

/** The terms of a query: lower case, split on spaces; the AD1 prefix of a typed code is dropped. */
export function searchTerms(query: string): string[] {
  const text = query.trim().toLowerCase();
  // A code's alphabet has a space in it: a typed code start is one term.
  if (/^ad1./.test(text)) return [text.slice(3)];
  return text
    .split(/\s+/)
    .filter(Boolean)
    .map((term) => term.replace(codePrefix, ''))
    .filter(Boolean)
    .slice(0, 6);
}

function rowText(row: ManifestRow): string {
  return [
    row.holderName,
    row.buyerName === row.holderName ? '' : row.buyerName,
    row.buyerEmail,
    row.orderReference,
    // A reference is often typed without its dash (qgge6jgs for QGGE-6JGS).
    row.orderReference.replaceAll('-', ''),
    row.codeStart,
    row.shortCode,
    row.id,
  ]
    .join(fieldSeparator)
    .toLowerCase();
}

export function buildTicketSearch(rows: Iterable<ManifestRow>): TicketSearchIndex {
  const list: ManifestRow[] = [];
  const parts: string[] = [];
  for (const row of rows) {
    list.push(row);
    parts.push(rowText(row));
  }
  const starts = new Int32Array(list.length + 1);
  let offset = 0;
  for (let index = 0; index < parts.length; index += 1) {
    starts[index] = offset;
    offset += (parts[index] as string).length + 1;
  }
  starts[list.length] = offset;
  const text = parts.join(rowSeparator) + rowSeparator;

  /** The row whose text holds position `at`. */
  function rowAt(at: number): number {
    let low = 0;
    let high = list.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if ((starts[middle] as number) <= at) low = middle;
      else high = middle - 1;
    }
    return low;
  }

  return {
    size: list.length,
    search(query, limit = 50) {
      const terms = searchTerms(query);
      if (terms.length === 0) return { rows: [], more: false };
      // The longest term has the fewest hits; the others are checked inside each hit's row.
      const [first, ...others] = [...terms].sort((a, b) => b.length - a.length) as [string, ...string[]];
      const found: ManifestRow[] = [];
      let from = 0;
      while (from < text.length) {
        const at = text.indexOf(first, from);
        if (at < 0) break;
        const index = rowAt(at);
        const end = (starts[index + 1] as number) - 1;
        from = end + 1;
        if (others.length > 0) {
          const own = text.slice(starts[index] as number, end);
          if (!others.every((term) => own.includes(term))) continue;
        }
        if (found.length === limit) return { rows: found, more: true };
        found.push(list[index] as ManifestRow);
      }
      return { rows: found, more: false };
    },
  };
}

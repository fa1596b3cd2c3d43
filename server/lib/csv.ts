/**
 * RFC 4180 CSV. A cell that a spreadsheet would run as a formula (=, +, -, @, tab, CR) is prefixed
 * with an apostrophe, so a buyer named `=HYPERLINK(…)` stays text in the organiser's spreadsheet.
 */
export function csvLine(row: readonly string[]): string {
  const cell = (value: string) => {
    const safe = /^[=+\-@\t\r]/.test(value) && !/^-?\d+(\.\d+)?$/.test(value) ? `'${value}` : value;
    return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
  };
  return `${row.map(cell).join(',')}\r\n`;
}

export function toCsv(header: string[], rows: string[][]): string {
  return [header, ...rows].map(csvLine).join('');
}

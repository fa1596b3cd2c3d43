/**
 * Prices as organisers type them (major units, "12.50") and as the API stores them (integer
 * minor units, 1250). Converted as text, never through floating-point multiplication.
 */

/** "12.50" for 1250 with 2 minor digits; "12" with none. */
export function minorToMajorText(minor: number, digits: number): string {
  if (!Number.isInteger(minor) || minor < 0) return '';
  if (digits === 0) return String(minor);
  const text = String(minor).padStart(digits + 1, '0');
  return `${text.slice(0, -digits)}.${text.slice(-digits)}`;
}

/**
 * Integer minor units from typed text: "12", "12.5", "12.50", "£12.50", "1,200.00". Null when the
 * text is not an amount, or has more decimals than the currency has.
 */
export function majorTextToMinor(text: string, digits: number): number | null {
  const cleaned = text
    .trim()
    .replace(/^[£€$]\s*/, '')
    .replace(/,(?=\d{3}(\D|$))/g, '');
  const match = /^(\d{1,9})(?:\.(\d*))?$/.exec(cleaned);
  if (!match) return null;
  const whole = match[1] ?? '0';
  const fraction = match[2] ?? '';
  if (fraction.length > digits) return null;
  return Number(`${whole}${fraction.padEnd(digits, '0')}`);
}

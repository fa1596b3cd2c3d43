/** One locale for prices, so the server and the browser print the same text. */
const locale = 'en-GB';

const formatters = new Map<string, { format: Intl.NumberFormat; digits: number }>();

/** A currency's formatter and its minor-unit digits, made once per currency (both are costly to work out). */
function currencyFormat(currency: string) {
  let entry = formatters.get(currency);
  if (!entry) {
    const format = new Intl.NumberFormat(locale, { style: 'currency', currency });
    entry = { format, digits: format.resolvedOptions().maximumFractionDigits ?? 2 };
    formatters.set(currency, entry);
  }
  return entry;
}

/** Digits after the decimal point of a currency's minor unit: 2 for GBP, 0 for JPY, 3 for KWD. */
export function minorUnitDigits(currency: string): number {
  return currencyFormat(currency).digits;
}

/** Integer minor units (pence) as money text: `formatMoney(1500, 'GBP')` → "£15.00". */
export function formatMoney(minor: number, currency: string): string {
  const { format, digits } = currencyFormat(currency);
  return format.format(minor / 10 ** digits);
}

/** A ticket price: "Free" for 0, else the money text. */
export function formatPrice(minor: number, currency: string): string {
  return minor === 0 ? 'Free' : formatMoney(minor, currency);
}

/** The cheapest ticket of an event, as cards show it: "From £15.00", "Free", or null when nothing is priced. */
export function formatPriceFrom(minor: number | null, currency: string | null): string | null {
  if (minor === null || currency === null) return null;
  return minor === 0 ? 'Free' : `From ${formatMoney(minor, currency)}`;
}

/** Minor units as the plain decimal schema.org and calendars expect: 1500 GBP → "15.00". */
export function decimalAmount(minor: number, currency: string): string {
  const digits = minorUnitDigits(currency);
  return (minor / 10 ** digits).toFixed(digits);
}

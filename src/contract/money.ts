/** One locale for prices, so the server and the browser print the same text. */
const locale = 'en-GB';

const formatters = new Map<string, Intl.NumberFormat>();

function currencyFormatter(currency: string): Intl.NumberFormat {
  let formatter = formatters.get(currency);
  if (!formatter) {
    formatter = new Intl.NumberFormat(locale, { style: 'currency', currency });
    formatters.set(currency, formatter);
  }
  return formatter;
}

/** Digits after the decimal point of a currency's minor unit: 2 for GBP, 0 for JPY, 3 for KWD. */
export function minorUnitDigits(currency: string): number {
  return currencyFormatter(currency).resolvedOptions().maximumFractionDigits ?? 2;
}

/** Integer minor units (pence) as money text: `formatMoney(1500, 'GBP')` → "£15.00". */
export function formatMoney(minor: number, currency: string): string {
  return currencyFormatter(currency).format(minor / 10 ** minorUnitDigits(currency));
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

import { groupThousands } from './count-text.ts';

/** One locale for prices, so the server and the browser print the same text. */
const locale = 'en-GB';

const formatters = new Map<string, { format: Intl.NumberFormat; digits: number }>();

/**
 * The currencies most events sell in, written out as en-GB's currency format writes them (prefix, then the
 * grouped amount). Making the first `Intl.NumberFormat` with a currency loads locale data: about 40 ms of a
 * page's start on this kind of machine, before the event page can hydrate. money.test.ts checks each against Intl.
 */
const knownCurrencies: Record<string, { prefix: string; digits: number }> = {
  GBP: { prefix: '£', digits: 2 },
  EUR: { prefix: '€', digits: 2 },
  USD: { prefix: 'US$', digits: 2 },
  CAD: { prefix: 'CA$', digits: 2 },
  AUD: { prefix: 'A$', digits: 2 },
  NZD: { prefix: 'NZ$', digits: 2 },
  INR: { prefix: '₹', digits: 2 },
  JPY: { prefix: 'JP¥', digits: 0 },
  CHF: { prefix: 'CHF\u00a0', digits: 2 },
  SEK: { prefix: 'SEK\u00a0', digits: 2 },
  NOK: { prefix: 'NOK\u00a0', digits: 2 },
  DKK: { prefix: 'DKK\u00a0', digits: 2 },
  PLN: { prefix: 'PLN\u00a0', digits: 2 },
  ZAR: { prefix: 'ZAR\u00a0', digits: 2 },
};

/** Minor units written out for a known currency: the integer arithmetic rounds nothing, so it matches Intl exactly. */
function formatKnown(minor: number, prefix: string, digits: number): string {
  const sign = minor < 0 ? '-' : '';
  const units = String(Math.abs(minor)).padStart(digits + 1, '0');
  const whole = groupThousands(units.slice(0, units.length - digits));
  const fraction = digits > 0 ? `.${units.slice(units.length - digits)}` : '';
  return `${sign}${prefix}${whole}${fraction}`;
}

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

/** The currencies organisers can sell in (and booking fee rules can name). */
export const ticketCurrencies = ['GBP', 'EUR', 'USD'] as const;
export type TicketCurrency = (typeof ticketCurrencies)[number];

/** Digits after the decimal point of a currency's minor unit: 2 for GBP, 0 for JPY, 3 for KWD. */
export function minorUnitDigits(currency: string): number {
  return knownCurrencies[currency]?.digits ?? currencyFormat(currency).digits;
}

/** Integer minor units (pence) as money text: `formatMoney(1500, 'GBP')` → "£15.00". */
export function formatMoney(minor: number, currency: string): string {
  const known = knownCurrencies[currency];
  if (known && Number.isSafeInteger(minor)) return formatKnown(minor, known.prefix, known.digits);
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

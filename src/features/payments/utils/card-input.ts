/** A card number as it is typed: digits only, in groups of four, at most 19 digits. */
export function formatCardNumber(value: string): string {
  const digits = value.replace(/\D/g, '').slice(0, 19);
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** MM/YY as it is typed: the slash appears with the third digit, so deleting back over it just works. */
export function formatExpiry(value: string): string {
  const digits = value.replace(/\D/g, '').slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
}

export const formatCvc = (value: string): string => value.replace(/\D/g, '').slice(0, 4);

export interface TestCard {
  number: string;
  outcome: string;
}

/** The sandbox's cards; any other number is declined. */
export const testCards: readonly TestCard[] = [
  { number: '4242 4242 4242 4242', outcome: 'Succeeds' },
  { number: '4000 0000 0000 0002', outcome: 'Declined' },
  { number: '4000 0000 0000 9995', outcome: 'Insufficient funds' },
];

/** An expiry a year ahead, for filling in a test card. */
export function futureExpiry(now = new Date()): string {
  const month = String(now.getMonth() + 1).padStart(2, '0');
  const year = String((now.getFullYear() + 1) % 100).padStart(2, '0');
  return `${month}/${year}`;
}

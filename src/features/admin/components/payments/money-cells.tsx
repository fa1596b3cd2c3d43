import { Link } from 'react-router';
import { formatDateTime } from '#components/format/date-time.ts';

/** Cells the payments page's lists share: a time in UTC, a link to an order, a status's colours. */
export const when = (at: string) => <time dateTime={at}>{formatDateTime(at, { timeZone: 'UTC' })} UTC</time>;

export const orderLink = (orderId: string, reference: string) => (
  <Link to={`/admin/orders?order=${orderId}`} className="whitespace-nowrap font-mono font-semibold text-indigo-700 underline">
    {reference}
  </Link>
);

export const tone = (status: string) =>
  status === 'succeeded'
    ? 'bg-emerald-100 text-emerald-900'
    : status === 'failed'
      ? 'bg-red-100 text-red-900'
      : 'bg-amber-100 text-amber-900';

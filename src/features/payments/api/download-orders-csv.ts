import { downloadApiFile, fileNameFrom } from '#lib/download-file.ts';
import { type OrderFilters, orderListQuery } from '../utils/order-filters.ts';

const fallback = (today: Date) => `orders-${today.toISOString().slice(0, 10)}.csv`;

/** The file name the server suggests, else one with today's date. */
export function csvFileName(disposition: string | undefined, today = new Date()): string {
  return fileNameFrom(disposition, fallback(today));
}

/** `GET /organizations/{organizationId}/orders.csv` for the filters on screen, saved as a file. */
export async function downloadOrdersCsv(organizationId: string, filters: OrderFilters): Promise<void> {
  await downloadApiFile(
    {
      url: `/organizations/${encodeURIComponent(organizationId)}/orders.csv`,
      params: orderListQuery(filters, { paged: false }),
      headers: { Accept: 'text/csv' },
    },
    fallback(new Date()),
  );
}

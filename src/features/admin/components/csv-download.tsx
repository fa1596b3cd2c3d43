import { useState } from 'react';
import { buttonClass } from '#components/button.ts';
import { downloadApiFile, fileErrorMessage } from '#lib/download-file.ts';
import { toast } from '#lib/toasts.tsx';

/** The admin lists that have a CSV: `/admin/{list}.csv` takes the list's own filters. */
export type ExportableList =
  | 'orders'
  | 'users'
  | 'organisers'
  | 'events'
  | 'tickets'
  | 'payments'
  | 'refunds'
  | 'webhooks'
  | 'payouts'
  | 'audit';

/** "Download CSV" of the list as it is filtered on screen (at most 10,000 rows). */
export function CsvDownload({ list, filters }: { list: ExportableList; filters: Record<string, string> }) {
  const [downloading, setDownloading] = useState(false);
  const download = () => {
    setDownloading(true);
    downloadApiFile({ url: `/admin/${list}.csv`, params: filters, headers: { Accept: 'text/csv' } }, `admin-${list}.csv`)
      .catch(async (failure: unknown) => toast.error((await fileErrorMessage(failure)) ?? 'The CSV file could not be made.'))
      .finally(() => setDownloading(false));
  };
  return (
    <button
      type="button"
      className={buttonClass('secondary', 'small')}
      onClick={download}
      disabled={downloading}
      title="At most 10,000 rows; narrow the filters for the rest"
    >
      {downloading ? 'Preparing CSV…' : 'Download CSV'}
    </button>
  );
}

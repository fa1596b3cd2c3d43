import { useState } from 'react';
import { buttonClass } from '#components/button.ts';
import { downloadApiFile, fileErrorMessage } from '#lib/download-file.ts';
import { toast } from '#lib/toasts.tsx';
import { useOnline } from '../hooks/use-online.ts';

/** "Download PDF": the order's valid tickets, a page each, to print or keep (the buyer's key for a guest). */
export function TicketsPdfButton({
  orderId,
  reference,
  token = null,
}: {
  orderId: string;
  reference: string;
  token?: string | null;
}) {
  const online = useOnline();
  const [downloading, setDownloading] = useState(false);
  const download = () => {
    setDownloading(true);
    downloadApiFile(
      {
        url: `/orders/${encodeURIComponent(orderId)}/tickets.pdf`,
        params: token ? { token } : undefined,
        headers: { Accept: 'application/pdf' },
      },
      `admit-tickets-${reference}.pdf`,
      '.pdf',
    )
      .catch(async (failure: unknown) => toast.error((await fileErrorMessage(failure)) ?? 'The PDF could not be made.'))
      .finally(() => setDownloading(false));
  };
  return (
    <button
      type="button"
      className={buttonClass('secondary', 'small')}
      onClick={download}
      disabled={downloading || !online}
      title={online ? 'One page a ticket, readable printed in black and white' : 'Connect to the internet to download'}
    >
      {downloading ? 'Preparing PDF…' : 'Download PDF'}
    </button>
  );
}

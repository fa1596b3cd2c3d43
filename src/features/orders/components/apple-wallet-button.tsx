import { useState } from 'react';
import { buttonClass } from '#components/button.ts';
import { downloadApiFile, fileErrorMessage } from '#lib/download-file.ts';
import { useBootState } from '#lib/public-config.tsx';
import { toast } from '#lib/toasts.tsx';
import { useOnline } from '../hooks/use-online.ts';

interface AppleWalletButtonProps {
  orderId: string;
  ticketId: string;
  /** The guest's key, when the buyer is not signed in. */
  token?: string | null;
  /** "ticket 1 of 2", for the accessible name. */
  label: string;
}

const className = `${buttonClass('secondary', 'small')} w-full`;

/**
 * "Add to Apple Wallet", where the operator configured a Pass Type ID: the ticket's signed `.pkpass`. With the guest's
 * key it is a plain link, which Safari on an iPhone opens straight into Wallet; a member's Bearer token cannot ride on
 * a link, so theirs is fetched and saved as the PDF is.
 */
export function AppleWalletButton({ orderId, ticketId, token = null, label }: AppleWalletButtonProps) {
  const { config } = useBootState();
  const online = useOnline();
  const [downloading, setDownloading] = useState(false);
  if (!config.appleWallet) return null;
  const path = `/orders/${encodeURIComponent(orderId)}/tickets/${encodeURIComponent(ticketId)}/apple-wallet.pkpass`;
  const name = `Add to Apple Wallet: ${label}`;
  if (token && online) {
    return (
      <a href={`${config.apiBase}${path}?token=${encodeURIComponent(token)}`} className={className} aria-label={name}>
        Add to Apple Wallet
      </a>
    );
  }
  const download = () => {
    setDownloading(true);
    downloadApiFile(
      { url: path, params: token ? { token } : undefined, headers: { Accept: 'application/vnd.apple.pkpass' } },
      'admit-ticket.pkpass',
      '.pkpass',
    )
      .catch(async (failure: unknown) => toast.error((await fileErrorMessage(failure)) ?? 'The pass could not be made.'))
      .finally(() => setDownloading(false));
  };
  return (
    <button
      type="button"
      className={className}
      onClick={download}
      disabled={downloading || !online}
      aria-label={name}
      title={online ? undefined : 'Connect to the internet to add it'}
    >
      {downloading ? 'Preparing the pass…' : 'Add to Apple Wallet'}
    </button>
  );
}

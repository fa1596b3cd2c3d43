import { useState } from 'react';
import { buttonClass } from '#components/button.ts';
import { serverMessage } from '#components/fields/form-errors.ts';
import { useApiCaller } from '#lib/api-caller.tsx';
import { navigateTo } from '#lib/external-navigation.ts';
import { useBootState } from '#lib/public-config.tsx';
import { toast } from '#lib/toasts.tsx';
import { useOnline } from '../hooks/use-online.ts';

interface GoogleWalletButtonProps {
  orderId: string;
  ticketId: string;
  /** The guest's key, when the buyer is not signed in. */
  token?: string | null;
  /** "ticket 1 of 2", for the button's accessible name. */
  label: string;
}

/** "Add to Google Wallet", where the operator configured an issuer: asks for the ticket's signed link, then opens it. */
export function GoogleWalletButton({ orderId, ticketId, token = null, label }: GoogleWalletButtonProps) {
  const { config } = useBootState();
  const api = useApiCaller();
  const online = useOnline();
  const [opening, setOpening] = useState(false);
  if (!config.googleWallet) return null;
  const open = () => {
    setOpening(true);
    api<{ url: string }>({
      url: `/orders/${encodeURIComponent(orderId)}/tickets/${encodeURIComponent(ticketId)}/google-wallet`,
      params: token ? { token } : undefined,
      silent: true,
    })
      .then(({ url }) => {
        if (!navigateTo(url)) setOpening(false);
      })
      .catch((failure: unknown) => {
        toast.error(serverMessage(failure));
        setOpening(false);
      });
  };
  return (
    <button
      type="button"
      className={`${buttonClass('secondary', 'small')} w-full`}
      onClick={open}
      disabled={opening || !online}
      aria-label={`Add to Google Wallet: ${label}`}
    >
      {opening ? 'Opening Google Wallet…' : 'Add to Google Wallet'}
    </button>
  );
}

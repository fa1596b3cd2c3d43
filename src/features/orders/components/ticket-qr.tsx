import { useEffect, useState } from 'react';

// The QR encoder loads with the first ticket shown, never with the pages that have none.
const loadRenderer = () => import('#lib/tickets/ticket-qr.ts');

interface TicketQrProps {
  code: string;
  /** The image's accessible name, e.g. "QR code of ticket 1 of 2, Standard, Alex Doe". */
  label: string;
}

/** A large, black-on-white QR code drawn in the browser from the ticket's signed code. */
export function TicketQr({ code, label }: TicketQrProps) {
  const [src, setSrc] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let current = true;
    loadRenderer()
      .then(({ ticketQrSvgDataUrl }) => {
        if (current) setSrc(ticketQrSvgDataUrl(code, { label }));
      })
      .catch(() => {
        if (current) setFailed(true);
      });
    return () => {
      current = false;
    };
  }, [code, label]);
  return (
    <div className="mx-auto aspect-square w-full max-w-80 rounded-xl bg-white">
      {src ? (
        <img src={src} alt={label} className="size-full [image-rendering:pixelated]" />
      ) : failed ? (
        <p role="alert" className="flex size-full items-center justify-center p-6 text-center text-slate-700 text-sm">
          The QR code could not be drawn. Reload the page to try again.
        </p>
      ) : (
        <div
          role="img"
          aria-label={`${label} (loading)`}
          className="size-full animate-pulse rounded-xl bg-slate-200 motion-reduce:animate-none"
        />
      )}
    </div>
  );
}

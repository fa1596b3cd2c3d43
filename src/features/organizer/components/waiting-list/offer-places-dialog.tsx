import { useState } from 'react';
import { buttonClass } from '#components/button.ts';
import { Dialog } from '#components/dialog.tsx';
import { FormAlert } from '#components/fields/form-alert.tsx';
import { serverMessage } from '#components/fields/form-errors.ts';
import { SelectField } from '#components/fields/select-field.tsx';
import { Spinner } from '#components/submit-button.tsx';
import type { WaitingEntry } from '#contract/waiting-list.ts';
import { toast } from '#lib/toasts.tsx';
import { useOfferWaitingPlaces } from '../../api/offer-waiting-places.ts';

interface OfferPlacesDialogProps {
  eventId: string;
  /** The person to offer places to; null: closed. */
  entry: WaitingEntry | null;
  /** Places of their ticket type free now. */
  free: number;
  offerHours: number;
  onClose(): void;
}

/** How many of the free places to offer (at most what they asked for), then the offer is mailed to them. */
export function OfferPlacesDialog({ eventId, entry, free, offerHours, onClose }: OfferPlacesDialogProps) {
  const offer = useOfferWaitingPlaces(eventId);
  const most = entry ? Math.max(1, Math.min(entry.quantity, free)) : 1;
  const [quantity, setQuantity] = useState(most);
  const [refusal, setRefusal] = useState<string | null>(null);
  const busy = offer.isPending;
  const confirm = () => {
    if (!entry) return;
    offer.mutate(
      { entryId: entry.id, quantity },
      {
        onSuccess: (made) => {
          toast.success(`${made.offeredQuantity ?? quantity} × ${made.ticketTypeName} offered to ${made.name}.`);
          onClose();
        },
        onError: (error) => setRefusal(serverMessage(error)),
      },
    );
  };
  return (
    <Dialog
      open={entry !== null}
      labelledBy="offer-title"
      describedBy="offer-body"
      onOpen={() => {
        setRefusal(null);
        setQuantity(most);
      }}
      onClose={onClose}
      className="m-auto w-[calc(100%-2rem)] max-w-md rounded-2xl bg-white p-6 shadow-xl backdrop:bg-slate-900/50"
    >
      <h2 id="offer-title" className="break-words font-bold text-slate-900 text-xl">
        Offer places to {entry?.name}
      </h2>
      <p id="offer-body" className="mt-2 text-slate-700">
        They asked for {entry?.quantity} × {entry?.ticketTypeName}; {free} {free === 1 ? 'place is' : 'places are'} free now. We
        email them at once, and hold the places for {offerHours} {offerHours === 1 ? 'hour' : 'hours'}.
      </p>
      <div className="mt-4">
        <SelectField
          id="offer-quantity"
          label="Places to offer"
          value={String(quantity)}
          onChange={(event) => setQuantity(Number(event.target.value))}
        >
          {Array.from({ length: most }, (_, index) => most - index).map((count) => (
            <option key={count} value={count}>
              {count}
            </option>
          ))}
        </SelectField>
      </div>
      {refusal ? (
        <div className="mt-4">
          <FormAlert>{refusal}</FormAlert>
        </div>
      ) : null}
      <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <button type="button" className={buttonClass('secondary')} onClick={onClose} disabled={busy}>
          Cancel
        </button>
        <button type="button" className={buttonClass('primary')} onClick={confirm} disabled={busy} aria-busy={busy}>
          {busy ? <Spinner /> : null}
          {busy ? 'Offering…' : `Offer ${quantity} ${quantity === 1 ? 'place' : 'places'}`}
        </button>
      </div>
    </Dialog>
  );
}

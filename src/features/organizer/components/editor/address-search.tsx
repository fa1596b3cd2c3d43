import { useId } from 'react';
import { controlClass } from '#components/fields/control-class.ts';
import { type AddressSearchStatus, useAddressSearch } from '../../hooks/use-address-search.ts';
import type { PlaceVenue } from '../../utils/place-to-venue.ts';

const hints: Record<Exclude<AddressSearchStatus, 'off'>, string> = {
  loading: 'Loading address search…',
  ready: 'Pick a suggestion to fill in the address, city, country and map position.',
  failed: 'Address search is not available right now. Enter the address below.',
};

/** Place autocomplete above the address fields, when a maps key is configured; the fields work without it. */
export function AddressSearch({ apiKey, onPlace }: { apiKey: string | null; onPlace: (venue: PlaceVenue) => void }) {
  const { inputRef, status } = useAddressSearch(apiKey, onPlace);
  const id = `address-search-${useId().replace(/[^\w-]/g, '')}`;
  if (status === 'off') return null;
  return (
    <div>
      {status === 'failed' ? null : (
        <>
          <label htmlFor={id} className="block font-medium text-slate-800">
            Find the venue
          </label>
          <input
            ref={inputRef}
            id={id}
            type="search"
            autoComplete="off"
            disabled={status !== 'ready'}
            placeholder="Start typing a venue or address"
            aria-describedby={`${id}-hint`}
            // Enter picks a suggestion; it must not submit the event form.
            onKeyDown={(event) => {
              if (event.key === 'Enter') event.preventDefault();
            }}
            className={`mt-1.5 h-12 ${controlClass(false)}`}
          />
        </>
      )}
      <p id={`${id}-hint`} role="status" className="mt-1.5 text-slate-600 text-sm">
        {hints[status]}
      </p>
    </div>
  );
}

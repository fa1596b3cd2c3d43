import { useEffect, useRef, useState } from 'react';
import { loadPlaces } from '../utils/maps-loader.ts';
import { type PlaceVenue, placeToVenue } from '../utils/place-to-venue.ts';

/** `off` without a maps key; `failed` when the script would not load: the address fields work either way. */
export type AddressSearchStatus = 'off' | 'loading' | 'ready' | 'failed';

const placeFields = ['address_components', 'geometry', 'name', 'formatted_address'];

/** Attaches place autocomplete to the returned input once the maps script (with retries) is in. */
export function useAddressSearch(apiKey: string | null, onPlace: (venue: PlaceVenue) => void) {
  const inputRef = useRef<HTMLInputElement>(null);
  const onPlaceRef = useRef(onPlace);
  const [status, setStatus] = useState<AddressSearchStatus>(apiKey ? 'loading' : 'off');

  useEffect(() => {
    onPlaceRef.current = onPlace;
  }, [onPlace]);

  useEffect(() => {
    if (!apiKey) return;
    let active = true;
    let listener: { remove(): void } | null = null;
    setStatus('loading');
    loadPlaces(apiKey).then(
      (places) => {
        const input = inputRef.current;
        if (!active || !input) return;
        const autocomplete = new places.Autocomplete(input, { fields: placeFields });
        listener = autocomplete.addListener('place_changed', () => onPlaceRef.current(placeToVenue(autocomplete.getPlace())));
        setStatus('ready');
      },
      () => {
        if (active) setStatus('failed');
      },
    );
    return () => {
      active = false;
      listener?.remove();
    };
  }, [apiKey]);

  return { inputRef, status };
}

import { useCallback, useState } from 'react';

export interface Coordinates {
  lat: number;
  lng: number;
}

export type LocateStatus = { kind: 'idle' } | { kind: 'locating' } | { kind: 'failed'; message: string };

export const locationMessages = {
  unsupported: 'This browser can’t share your location. Search by city instead.',
  denied:
    'Admit isn’t allowed to use your location. To find events near you, allow location for this site in your browser settings — or search by city instead.',
  unavailable: 'Your location isn’t available right now. Try again in a moment, or search by city instead.',
  timeout: 'Finding your location took too long. Try again, or search by city instead.',
} as const;

// About 100 m: close enough to find what's near, and the URL does not pin the visitor's door.
const round = (value: number) => Math.round(value * 1000) / 1000;

function messageFor(error: GeolocationPositionError): string {
  if (error.code === error.PERMISSION_DENIED) return locationMessages.denied;
  if (error.code === error.TIMEOUT) return locationMessages.timeout;
  return locationMessages.unavailable;
}

/** Asks the browser where the visitor is, once, when they ask for events near them. */
export function useCurrentPosition() {
  const [status, setStatus] = useState<LocateStatus>({ kind: 'idle' });
  const locate = useCallback((onFound: (coordinates: Coordinates) => void) => {
    if (typeof navigator === 'undefined' || !navigator.geolocation) {
      setStatus({ kind: 'failed', message: locationMessages.unsupported });
      return;
    }
    setStatus({ kind: 'locating' });
    navigator.geolocation.getCurrentPosition(
      (position) => {
        setStatus({ kind: 'idle' });
        onFound({ lat: round(position.coords.latitude), lng: round(position.coords.longitude) });
      },
      (error) => setStatus({ kind: 'failed', message: messageFor(error) }),
      { enableHighAccuracy: false, timeout: 15_000, maximumAge: 5 * 60_000 },
    );
  }, []);
  const reset = useCallback(() => setStatus({ kind: 'idle' }), []);
  return { status, locate, reset };
}

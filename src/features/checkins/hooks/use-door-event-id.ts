import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { lastDoorEvent, rememberDoorEvent } from '../utils/last-event.ts';

/** The event of the door screens: `?event=` or, without one, the event this device last scanned for. */
export function useDoorEventId(): { eventId: string | null; resolved: boolean } {
  const [params] = useSearchParams();
  const fromAddress = params.get('event');
  const [stored, setStored] = useState<{ eventId: string | null; resolved: boolean }>({ eventId: null, resolved: false });
  useEffect(() => {
    if (fromAddress) rememberDoorEvent(fromAddress);
    else setStored({ eventId: lastDoorEvent(), resolved: true });
  }, [fromAddress]);
  return fromAddress ? { eventId: fromAddress, resolved: true } : stored;
}

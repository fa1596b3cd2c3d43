import type { Event } from '../../../contract/events.ts';
import { judgeNavigation } from '../../../lib/external-navigation.ts';
import { useBootState } from '../../../lib/public-config.tsx';
import { CopyAddressButton } from './event-actions.tsx';

/** OpenStreetMap centred on the venue. */
export const mapUrl = (latitude: number, longitude: number) =>
  `https://www.openstreetmap.org/?mlat=${latitude}&mlon=${longitude}#map=17/${latitude}/${longitude}`;

/** Where the event happens: the venue's address, or the note that an online event's link goes to ticket holders. */
export function VenueDetails({ event }: { event: Pick<Event, 'isOnline' | 'venue'> }) {
  const { origin, config } = useBootState();
  if (event.isOnline || !event.venue) {
    return (
      <p className="text-slate-800">
        <span className="font-semibold">Online event</span> — the link is sent to ticket holders.
      </p>
    );
  }
  const { venue } = event;
  const addressLines = [venue.address, venue.city, venue.country].filter(Boolean);
  const hasPoint = venue.latitude !== null && venue.longitude !== null;
  const map = hasPoint ? mapUrl(venue.latitude as number, venue.longitude as number) : null;
  // Links to sites not on the allowlist are refused by the app, so the map is a link only when it would open.
  const mapAllowed = map !== null && judgeNavigation(map, origin, config.allowedExternalOrigins) === 'allowed-external';
  return (
    <div className="space-y-3">
      <address className="not-italic text-slate-800">
        <span className="block font-semibold text-slate-900">{venue.name}</span>
        {addressLines.map((line) => (
          <span key={line} className="block">
            {line}
          </span>
        ))}
      </address>
      {hasPoint ? (
        <p className="text-slate-600 text-sm">
          {mapAllowed && map ? (
            <a href={map} target="_blank" rel="noopener noreferrer" className="font-semibold text-indigo-700 underline">
              Open in OpenStreetMap
            </a>
          ) : (
            <>
              Map position: {venue.latitude?.toFixed(5)}, {venue.longitude?.toFixed(5)}
            </>
          )}
        </p>
      ) : null}
      <CopyAddressButton address={[venue.name, ...addressLines].join(', ')} />
    </div>
  );
}

import { TextField } from '#components/fields/text-field.tsx';
import type { EventForm } from '../../hooks/use-event-form.ts';
import type { PlaceVenue } from '../../utils/place-to-venue.ts';
import { AddressSearch } from './address-search.tsx';

const coordinate = (value: number | null) => (value === null ? '' : String(value));

function PlaceChoice({ form }: { form: EventForm }) {
  const options = [
    { online: false, label: 'In person', detail: 'At a venue' },
    { online: true, label: 'Online', detail: 'A link for ticket holders' },
  ];
  return (
    <fieldset>
      <legend className="font-medium text-slate-800">Where does it happen?</legend>
      <div className="mt-2 grid grid-cols-2 gap-3">
        {options.map((option) => (
          <label
            key={option.label}
            className="flex min-h-14 cursor-pointer items-start gap-3 rounded-xl border border-slate-300 bg-white p-3 has-checked:border-indigo-600 has-checked:bg-indigo-50 has-checked:ring-1 has-checked:ring-indigo-600"
          >
            <input
              type="radio"
              name="isOnline"
              className="mt-1 size-5 accent-indigo-600"
              checked={form.values.isOnline === option.online}
              onChange={() => form.set('isOnline', option.online)}
            />
            <span>
              <span className="block font-semibold text-slate-900">{option.label}</span>
              <span className="block text-slate-600 text-sm">{option.detail}</span>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** In person (venue, address, optional map position, with place search when available) or online (a private link). */
export function LocationFields({ form, mapsApiKey }: { form: EventForm; mapsApiKey: string | null }) {
  const { values, errors, setVenue } = form;
  const venue = values.venue;
  const venueField = (name: keyof typeof venue) => ({
    name: `venue.${name}`,
    value: venue[name],
    error: errors[`venue.${name}`],
    onChange: (event: { target: { value: string } }) => setVenue({ [name]: event.target.value }),
  });
  const fillFromPlace = (place: PlaceVenue) =>
    setVenue({
      ...(place.name ? { name: place.name } : {}),
      address: place.address,
      city: place.city,
      country: place.country,
      latitude: coordinate(place.latitude),
      longitude: coordinate(place.longitude),
    });

  return (
    <>
      <PlaceChoice form={form} />
      {values.isOnline ? (
        <TextField
          label="Link to join"
          type="url"
          inputMode="url"
          required
          placeholder="https://"
          hint="Only people with a ticket see this link."
          {...form.text('onlineUrl')}
        />
      ) : (
        <>
          {errors.venue ? (
            <p className="font-medium text-red-700 text-sm" role="alert">
              {errors.venue}
            </p>
          ) : null}
          <AddressSearch apiKey={mapsApiKey} onPlace={fillFromPlace} />
          <TextField label="Venue name" required maxLength={120} autoComplete="off" {...venueField('name')} />
          <TextField label="Address" required maxLength={300} autoComplete="street-address" {...venueField('address')} />
          <div className="grid gap-5 sm:grid-cols-2">
            <TextField label="City" required maxLength={80} autoComplete="address-level2" {...venueField('city')} />
            <TextField label="Country" maxLength={80} autoComplete="country-name" {...venueField('country')} />
          </div>
          <details
            className="group rounded-xl border border-slate-200 px-4 py-3"
            open={Boolean(venue.latitude || venue.longitude)}
          >
            <summary className="flex min-h-8 cursor-pointer items-center font-medium text-slate-800">
              Map position (optional)
            </summary>
            <p className="mt-1 text-slate-600 text-sm">Lets people find the event with “near me”. Decimal degrees.</p>
            <div className="mt-4 grid gap-5 sm:grid-cols-2">
              <TextField label="Latitude" inputMode="decimal" placeholder="53.4808" {...venueField('latitude')} />
              <TextField label="Longitude" inputMode="decimal" placeholder="-2.2426" {...venueField('longitude')} />
            </div>
          </details>
        </>
      )}
    </>
  );
}

import { useEffect, useMemo } from 'react';
import { SelectField } from '#components/fields/select-field.tsx';
import { TextField } from '#components/fields/text-field.tsx';
import { useHydrated } from '#lib/use-hydrated.ts';
import type { EventForm } from '../../hooks/use-event-form.ts';
import { browserTimeZone, offsetLabel, timeZoneNames } from '../../utils/zoned-time.ts';

/** The venue's time zone (for a new event the organisation's, else the browser's) and the start and end on its clock. */
export function ScheduleFields({ form }: { form: EventForm }) {
  const { values, errors, set, setDefault } = form;
  const hydrated = useHydrated();
  const zone = values.timezone;

  // Without an organisation zone the server cannot know the editor's: a new event takes the browser's once it runs.
  useEffect(() => {
    if (!zone) setDefault('timezone', browserTimeZone());
  }, [zone, setDefault]);

  // The zone list and offsets come from the browser's own database, so they are built after hydration.
  const zones = useMemo(() => (hydrated ? timeZoneNames([zone]) : zone ? [zone] : []), [hydrated, zone]);
  const clock = hydrated && zone ? `${zone.replace(/_/g, ' ')}, ${offsetLabel(zone)}` : zone;

  return (
    <>
      <SelectField
        label="Time zone"
        name="timezone"
        required
        value={zone}
        error={errors.timezone}
        hint="The zone of the venue. Start and end are read on its clock."
        onChange={(event) => set('timezone', event.target.value)}
      >
        {zone ? null : <option value="">Choose a time zone</option>}
        {zones.map((name) => (
          <option key={name} value={name}>
            {name.replace(/_/g, ' ')}
          </option>
        ))}
      </SelectField>
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          label="Starts"
          type="datetime-local"
          required
          hint={clock ? `On the venue’s clock (${clock}).` : undefined}
          {...form.text('startsAt')}
        />
        <TextField label="Ends" type="datetime-local" required min={values.startsAt || undefined} {...form.text('endsAt')} />
      </div>
    </>
  );
}

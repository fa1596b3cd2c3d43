import { useMemo } from 'react';
import { SelectField } from '#components/fields/select-field.tsx';
import { useHydrated } from '#lib/use-hydrated.ts';
import { browserTimeZone, offsetLabel, timeZoneNames } from '../../utils/zoned-time.ts';

/** The organisation's zone for new events; empty: each editor's device zone. */
export function OrganizationTimeZoneField({
  value,
  error,
  onChange,
}: {
  value: string;
  error: string | undefined;
  onChange: (zone: string) => void;
}) {
  const hydrated = useHydrated();
  // The zone list and offsets come from the browser's own database, so they are built after hydration.
  const zones = useMemo(() => (hydrated ? timeZoneNames([value]) : value ? [value] : []), [hydrated, value]);
  const device = hydrated ? browserTimeZone().replace(/_/g, ' ') : null;
  return (
    <SelectField
      label="Time zone of new events"
      name="timezone"
      value={value}
      error={error}
      hint={
        hydrated && value
          ? `New events start on ${value.replace(/_/g, ' ')} time (${offsetLabel(value)}); each event can still choose its own.`
          : 'New events start in this zone; each event can still choose its own.'
      }
      onChange={(event) => onChange(event.target.value)}
    >
      <option value="">
        {device ? `The zone of each editor’s device (here ${device})` : 'The zone of each editor’s device'}
      </option>
      {zones.map((name) => (
        <option key={name} value={name}>
          {name.replace(/_/g, ' ')}
        </option>
      ))}
    </SelectField>
  );
}

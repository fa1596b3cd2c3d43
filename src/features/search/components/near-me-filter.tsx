import { useId, useState } from 'react';
import { buttonClass } from '#components/button.ts';
import { compactControlClass, compactLabelClass } from '#components/fields/compact-control.ts';
import { useCurrentPosition } from '../hooks/use-current-position.ts';
import { defaultRadiusKm, radiusChoices, type SearchState } from '../utils/search-params.ts';

interface NearMeFilterProps {
  state: SearchState;
  onChange(patch: Partial<SearchState>): void;
}

function PinIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" width="18" height="18" fill="none" stroke="currentColor" strokeWidth="2">
      <path d="M12 21s-7-6.2-7-11.5a7 7 0 0 1 14 0C19 14.8 12 21 12 21Z" />
      <circle cx="12" cy="9.5" r="2.5" />
    </svg>
  );
}

/** Events within a distance of where the visitor is, when they allow the browser to say. */
export function NearMeFilter({ state, onChange }: NearMeFilterProps) {
  const id = useId();
  const { status, locate, reset } = useCurrentPosition();
  const [radius, setRadius] = useState<number>(state.radiusKm ?? defaultRadiusKm);
  const near = state.lat !== undefined && state.lng !== undefined;
  const current = near ? (state.radiusKm ?? radius) : radius;
  const choices = [...new Set<number>([...radiusChoices, current])].sort((a, b) => a - b);

  return (
    <fieldset>
      <legend className={compactLabelClass}>Near me</legend>
      <div className="flex flex-wrap items-end gap-3">
        <div className="w-28">
          <label htmlFor={`${id}-radius`} className="mb-1 block text-slate-700 text-sm">
            Within
          </label>
          <select
            id={`${id}-radius`}
            value={current}
            onChange={(changeEvent) => {
              const km = Number(changeEvent.target.value);
              setRadius(km);
              if (near) onChange({ radiusKm: km });
            }}
            className={compactControlClass}
          >
            {choices.map((km) => (
              <option key={km} value={km}>
                {km} km
              </option>
            ))}
          </select>
        </div>
        {near ? (
          <button
            type="button"
            className={buttonClass('secondary', 'small')}
            onClick={() => {
              reset();
              onChange({ lat: undefined, lng: undefined });
            }}
          >
            Stop using my location
          </button>
        ) : (
          <button
            type="button"
            className={buttonClass('secondary', 'small')}
            disabled={status.kind === 'locating'}
            onClick={() => locate((coordinates) => onChange({ ...coordinates, radiusKm: radius }))}
          >
            <PinIcon />
            {status.kind === 'locating' ? 'Finding you…' : 'Use my location'}
          </button>
        )}
      </div>
      {near ? <p className="mt-2 text-slate-600 text-sm">Showing events within {current} km of you.</p> : null}
      {status.kind === 'failed' ? (
        <p role="alert" className="mt-2 rounded-lg bg-amber-50 px-3 py-2 text-amber-900 text-sm ring-1 ring-amber-200">
          {status.message}
        </p>
      ) : null}
    </fieldset>
  );
}

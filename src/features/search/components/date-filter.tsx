import { type ChangeEvent, useId, useState } from 'react';
import { compactControlClass, compactLabelClass } from '#components/fields/compact-control.ts';
import {
  customRange,
  type DatePreset,
  isoDay,
  presetRange,
  type RelativePreset,
  type SearchState,
} from '../utils/search-params.ts';

const presetLabels: Record<DatePreset, string> = {
  today: 'Today',
  weekend: 'This weekend',
  week: 'Next 7 days',
  custom: 'Choose dates…',
};

interface DateFilterProps {
  state: SearchState;
  onChange(patch: Partial<SearchState>): void;
}

/** When: a named range (worked out in the visitor's time zone when chosen) or two dates. */
export function DateFilter({ state, onChange }: DateFilterProps) {
  const id = useId();
  // "Choose dates…" shows the two fields before either has a value.
  const [choosing, setChoosing] = useState(false);
  const [shownWhen, setShownWhen] = useState(state.when);
  const [draft, setDraft] = useState({ from: isoDay(state.from), to: isoDay(state.to) });
  const [shownRange, setShownRange] = useState({ from: state.from, to: state.to });
  if (state.when !== shownWhen) {
    setShownWhen(state.when);
    setChoosing(false);
  }
  if (state.from !== shownRange.from || state.to !== shownRange.to) {
    setShownRange({ from: state.from, to: state.to });
    setDraft({ from: isoDay(state.from), to: isoDay(state.to) });
  }
  const selected = state.when ?? (choosing ? 'custom' : '');

  const choose = (value: string) => {
    if (value === '') {
      onChange({ when: undefined, from: undefined, to: undefined });
    } else if (value === 'custom') {
      setChoosing(true);
      if (state.from || state.to) onChange({ when: 'custom' });
    } else {
      onChange({ when: value as RelativePreset, ...presetRange(value as RelativePreset, new Date()) });
    }
  };

  const changeDay = (field: 'from' | 'to') => (changeEvent: ChangeEvent<HTMLInputElement>) => {
    const next = { ...draft, [field]: changeEvent.target.value };
    setDraft(next);
    // A half-typed date is not a change yet.
    if (changeEvent.target.validity.badInput) return;
    const range = customRange(next.from, next.to);
    onChange({ when: range.from || range.to ? 'custom' : undefined, ...range });
  };

  return (
    <div>
      <label htmlFor={`${id}-when`} className={compactLabelClass}>
        Date
      </label>
      <select
        id={`${id}-when`}
        value={selected}
        onChange={(changeEvent) => choose(changeEvent.target.value)}
        className={compactControlClass}
      >
        <option value="">Any date</option>
        {(Object.keys(presetLabels) as DatePreset[]).map((preset) => (
          <option key={preset} value={preset}>
            {presetLabels[preset]}
          </option>
        ))}
      </select>
      {selected === 'custom' ? (
        <div className="mt-3 grid grid-cols-2 gap-3 md:grid-cols-1">
          <div>
            <label htmlFor={`${id}-from`} className={compactLabelClass}>
              From
            </label>
            <input
              id={`${id}-from`}
              type="date"
              value={draft.from}
              max={draft.to || undefined}
              onChange={changeDay('from')}
              className={compactControlClass}
            />
          </div>
          <div>
            <label htmlFor={`${id}-to`} className={compactLabelClass}>
              To
            </label>
            <input
              id={`${id}-to`}
              type="date"
              value={draft.to}
              min={draft.from || undefined}
              onChange={changeDay('to')}
              className={compactControlClass}
            />
          </div>
        </div>
      ) : null}
    </div>
  );
}

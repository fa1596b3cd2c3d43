import type { ReactNode } from 'react';

// Checkboxes and radios as the kit lays them out: a legend, an optional hint, a 44px row per choice.

/** A group of checkboxes or radios with a legend and its message under it. */
export function ChoiceGroup({
  name,
  legend,
  hint,
  error,
  children,
}: {
  name: string;
  legend: string;
  hint?: ReactNode;
  error?: string;
  children: ReactNode;
}) {
  const hintId = `${name}-hint`;
  const errorId = `${name}-error`;
  const described = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <fieldset aria-describedby={described} className="min-w-0">
      <legend className="font-medium text-slate-800">{legend}</legend>
      {hint ? (
        <p id={hintId} className="mt-1 text-slate-600 text-sm">
          {hint}
        </p>
      ) : null}
      <div className="mt-2 space-y-1">{children}</div>
      {error ? (
        <p id={errorId} className="mt-1.5 font-medium text-red-700 text-sm">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

export function Choice({
  type,
  name,
  label,
  checked,
  invalid,
  describedBy,
  onChange,
}: {
  type: 'checkbox' | 'radio';
  name: string;
  label: string;
  checked: boolean;
  invalid?: boolean;
  /** The ids of a lone checkbox's hint and message (a group's are on its fieldset). */
  describedBy?: string;
  onChange(checked: boolean): void;
}) {
  return (
    <label className="flex min-h-11 cursor-pointer items-center gap-3">
      <input
        type={type}
        name={name}
        checked={checked}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        onChange={(event) => onChange(event.target.checked)}
        className="size-5 shrink-0 accent-indigo-600"
      />
      <span className="min-w-0 break-words text-slate-800">{label}</span>
    </label>
  );
}

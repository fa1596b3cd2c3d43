import type { FormEvent } from 'react';
import { buttonClass, linkClass } from '#components/button.ts';
import { controlClass } from '#components/fields/control-class.ts';
import { Spinner } from '#components/submit-button.tsx';
import type { CodeEntry } from '../hooks/use-code-entry.ts';

interface CodeBoxProps {
  entry: CodeEntry;
  /** Why the applied code takes nothing off the tickets chosen, if it does not. */
  note?: string | null;
  /** Distinguishes the field's id when the box is shown in more than one step. */
  idPrefix?: string;
}

/** "Have a code?": a field and Apply, then the code in force with what it does and Remove; the server's sentence when refused. */
export function CodeBox({ entry, note = null, idPrefix = 'code' }: CodeBoxProps) {
  const fieldId = `${idPrefix}-field`;
  const errorId = `${idPrefix}-error`;
  const { applied } = entry;

  if (applied) {
    return (
      <div className="rounded-xl bg-emerald-50 px-3 py-2 ring-1 ring-emerald-200" role="status">
        <div className="flex flex-wrap items-center justify-between gap-x-3">
          <p className="min-w-0 break-words text-emerald-950">
            <span className="font-mono font-semibold">{applied.code}</span> — {applied.summary}
          </p>
          <button type="button" onClick={entry.remove} className={`${linkClass} -my-1 min-h-11 shrink-0 rounded-lg px-2`}>
            Remove<span className="sr-only"> the code {applied.code}</span>
          </button>
        </div>
        {note ? <p className="pb-1 text-emerald-900 text-sm">{note}</p> : null}
      </div>
    );
  }

  if (!entry.open) {
    return (
      <button type="button" onClick={() => entry.setOpen(true)} className={`${linkClass} -mx-2 min-h-11 rounded-lg px-2`}>
        Have a code?
      </button>
    );
  }

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    entry.apply();
  };
  return (
    <form noValidate onSubmit={submit}>
      <label htmlFor={fieldId} className="block font-medium text-slate-800">
        Discount or access code
      </label>
      <div className="mt-1.5 flex gap-2">
        <input
          id={fieldId}
          name="code"
          value={entry.text}
          onChange={(event) => entry.setText(event.target.value)}
          maxLength={40}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          enterKeyHint="go"
          aria-invalid={entry.error ? true : undefined}
          aria-describedby={entry.error ? errorId : undefined}
          className={`h-12 min-w-0 flex-1 uppercase placeholder:normal-case ${controlClass(Boolean(entry.error))}`}
          placeholder="e.g. SPRING10"
        />
        <button
          type="submit"
          disabled={entry.checking}
          aria-busy={entry.checking}
          className={`${buttonClass('secondary')} shrink-0`}
        >
          {entry.checking ? <Spinner /> : null}
          Apply
        </button>
      </div>
      {entry.error ? (
        <p id={errorId} role="alert" className="mt-1.5 font-medium text-red-700 text-sm">
          {entry.error}
        </p>
      ) : null}
    </form>
  );
}

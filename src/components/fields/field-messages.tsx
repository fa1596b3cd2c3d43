import type { ReactNode } from 'react';

/** Ids of a field's hint and error, and its aria-describedby. */
export function describedBy(id: string, hint: unknown, error: unknown) {
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  return { hintId, errorId, describedBy: [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined };
}

/** A field's hint and error under it, with the ids its control's aria-describedby names. */
export function FieldMessages({
  hintId,
  errorId,
  hint,
  error,
}: {
  hintId: string;
  errorId: string;
  hint?: ReactNode;
  error?: string;
}) {
  return (
    <>
      {hint ? (
        <p id={hintId} className="mt-1.5 text-slate-600 text-sm">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="mt-1.5 font-medium text-red-700 text-sm">
          {error}
        </p>
      ) : null}
    </>
  );
}

/** The organiser forms' controls: the auth forms' 48px inputs, so every form in the app looks alike. */
export const controlClass = (invalid: boolean) =>
  `block w-full rounded-xl border bg-white px-4 text-base text-slate-900 shadow-xs placeholder:text-slate-400 focus:border-indigo-600 disabled:bg-slate-100 disabled:text-slate-600 ${
    invalid ? 'border-red-600' : 'border-slate-300'
  }`;

export const primaryButton =
  'inline-flex min-h-12 items-center justify-center gap-2 rounded-xl bg-indigo-600 px-5 font-semibold text-base text-white hover:bg-indigo-700 disabled:cursor-wait disabled:bg-indigo-400';
export const secondaryButton =
  'inline-flex min-h-12 items-center justify-center gap-2 rounded-xl border border-slate-300 bg-white px-5 font-semibold text-base text-slate-800 hover:bg-slate-50 disabled:cursor-wait disabled:text-slate-500';
export const dangerButton =
  'inline-flex min-h-12 items-center justify-center gap-2 rounded-xl border border-red-300 bg-white px-5 font-semibold text-base text-red-700 hover:bg-red-50 disabled:cursor-wait disabled:text-red-400';

/** Ids of a field's hint and error, and its aria-describedby. */
export function describedBy(id: string, hint: unknown, error: unknown) {
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  return { hintId, errorId, describedBy: [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined };
}

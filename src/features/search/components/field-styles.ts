export const inputClass =
  'min-h-11 w-full min-w-0 rounded-xl border border-slate-300 bg-white px-3 text-base text-slate-900 placeholder:text-slate-500';
export const labelClass = 'mb-1 block font-semibold text-slate-900 text-sm';
export const secondaryButtonClass =
  'inline-flex min-h-11 items-center justify-center gap-2 rounded-xl border border-slate-300 bg-white px-4 font-semibold text-slate-800 text-sm hover:bg-slate-50 disabled:cursor-wait disabled:opacity-70';
export const primaryButtonClass =
  'inline-flex min-h-11 items-center justify-center rounded-xl bg-indigo-600 px-5 font-semibold text-white hover:bg-indigo-700';

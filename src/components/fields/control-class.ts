/** A field's 48px control (input, select, textarea; the caller sets the height): every form in the app looks alike. */
export const controlClass = (invalid: boolean) =>
  `block w-full min-w-0 rounded-xl border bg-white px-4 text-base text-slate-900 shadow-xs placeholder:text-slate-500 focus:border-indigo-600 disabled:bg-slate-100 disabled:text-slate-600 ${
    invalid ? 'border-red-600' : 'border-slate-300'
  }`;

/** A field's 48px control (input, select, textarea; the caller sets the height): every form in the app looks alike. */
export const controlClass = (invalid: boolean) => `field-control ${invalid ? 'border-red-600' : 'border-slate-300'}`;

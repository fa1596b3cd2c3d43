import { controlClass } from './control-class.ts';

/** A filter's 44px control beside others in a panel. */
export const compactControlClass = `min-h-11 ${controlClass(false)}`;

/** The small label above a compact control. */
export const compactLabelClass = 'mb-1 block font-semibold text-slate-900 text-sm';

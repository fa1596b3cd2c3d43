export type ButtonVariant = 'primary' | 'secondary' | 'danger' | 'inverse';

const variants: Record<ButtonVariant, string> = {
  primary: 'bg-indigo-600 text-white hover:bg-indigo-700 disabled:bg-indigo-400',
  secondary: 'border border-slate-300 bg-white text-slate-800 hover:bg-slate-50 disabled:text-slate-500',
  danger: 'border border-red-300 bg-white text-red-700 hover:bg-red-50 disabled:text-red-400',
  /** On a dark background, such as the home page's hero. */
  inverse: 'bg-white text-indigo-800 hover:bg-indigo-50',
};

const sizes = {
  /** 48px: forms and page actions. */
  regular: 'min-h-12 px-5 text-base',
  /** 44px: toolbars, filters and actions beside other content. */
  small: 'min-h-11 px-4 text-sm',
} as const;

/**
 * The class of a button, or of a link that looks like one. A caller may add layout (width, margins, `shrink-0`),
 * never colours or sizes of its own. A busy button (aria-busy) shows the wait cursor.
 */
export function buttonClass(variant: ButtonVariant = 'primary', size: keyof typeof sizes = 'regular'): string {
  return `inline-flex items-center justify-center gap-2 rounded-xl text-center font-semibold disabled:cursor-not-allowed aria-busy:cursor-wait ${sizes[size]} ${variants[variant]}`;
}

/** A link inside text. */
export const linkClass = 'font-semibold text-indigo-700 underline-offset-4 hover:underline';

export type ButtonVariant = 'primary' | 'secondary' | 'danger' | 'inverse' | 'inverse-outline';

// Whole class names, so that Tailwind finds them here (kit.css defines them).
const variants: Record<ButtonVariant, string> = {
  primary: 'button-primary',
  secondary: 'button-secondary',
  danger: 'button-danger',
  inverse: 'button-inverse',
  'inverse-outline': 'button-inverse-outline',
};

const sizes = { regular: 'button-regular', small: 'button-small' } as const;

/**
 * The class of a button, or of a link that looks like one: `regular` (48px) for forms and page actions, `small` (44px)
 * beside other content. A caller may add layout (width, margins, `shrink-0`), never colours or sizes of its own. A busy
 * button (aria-busy) shows the wait cursor.
 */
export function buttonClass(variant: ButtonVariant = 'primary', size: keyof typeof sizes = 'regular'): string {
  return `button ${sizes[size]} ${variants[variant]}`;
}

/** A link inside text. */
export const linkClass = 'link';

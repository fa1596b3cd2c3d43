import { useEffect } from 'react';
import toastStyles from 'react-toastify/ReactToastify.css?url';
import { toast as library, ToastContainer, type ToastContainerProps, type ToastOptions } from 'react-toastify/unstyled';
import { holdStylesheet, loadStylesheet } from './stylesheet.ts';
import { followHeader, placeToasts } from './toast-placement.ts';

/** The toast library's kinds of toast. */
export type ToastKind = 'success' | 'default' | 'info' | 'warning' | 'error';

// Each class written out whole: a public page's stylesheet keeps only the rules whose classes its code names as words
// (decision 080), and a class assembled from the kind kept none of the icons' colours (a white glyph on white).
const icons: Record<ToastKind, { glyph: string; label: string; className: string }> = {
  success: { glyph: '✓', label: 'Success', className: 'admit-toast-icon--success' },
  default: { glyph: '•', label: 'Notice', className: 'admit-toast-icon--default' },
  info: { glyph: 'i', label: 'Information', className: 'admit-toast-icon--info' },
  warning: { glyph: '!', label: 'Warning', className: 'admit-toast-icon--warning' },
  error: { glyph: '✕', label: 'Error', className: 'admit-toast-icon--error' },
};

function ToastIcon({ type }: { type: ToastKind }) {
  const icon = icons[type] ?? icons.default;
  return (
    <span className={`admit-toast-icon ${icon.className}`} role="img" aria-label={icon.label}>
      {icon.glyph}
    </span>
  );
}

/** The product's toast configuration: top centre, 3 s, one at a time, no progress bar, a close button. */
export const toastSettings = {
  position: 'top-center',
  autoClose: 3000,
  limit: 1,
  hideProgressBar: true,
  closeButton: true,
  icon: ({ type }) => <ToastIcon type={type as ToastKind} />,
} satisfies ToastContainerProps;

/** The library's container with the product's settings; toasts sit under the header, followed while it is mounted. */
export function ToastLayer() {
  useEffect(() => followHeader(), []);
  return <ToastContainer {...toastSettings} />;
}

/** The toasts' styles, fetched but not applied: applied, they make the browser restyle the whole page. */
export const holdStyles = () => holdStylesheet(toastStyles);

/** The toasts' styles, applied (the first toast). */
export const applyStyles = () => loadStylesheet(toastStyles);

/** Raises a toast under the page's header as it is now (the page may have changed since the last scroll). */
export function showToast(kind: ToastKind, content: Parameters<typeof library>[0], options?: ToastOptions): void {
  if (typeof document !== 'undefined') placeToasts();
  if (kind === 'default') library(content, options);
  else library[kind](content, options);
}

export const dismissToast = (id: string) => library.dismiss(id);

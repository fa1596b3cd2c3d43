import { ToastContainer, type ToastContainerProps, toast } from 'react-toastify/unstyled';

type ToastKind = 'success' | 'default' | 'info' | 'warning' | 'error';

const icons: Record<ToastKind, { glyph: string; label: string }> = {
  success: { glyph: '✓', label: 'Success' },
  default: { glyph: '•', label: 'Notice' },
  info: { glyph: 'i', label: 'Information' },
  warning: { glyph: '!', label: 'Warning' },
  error: { glyph: '✕', label: 'Error' },
};

function ToastIcon({ type }: { type: ToastKind }) {
  const icon = icons[type] ?? icons.default;
  return (
    <span className={`admit-toast-icon admit-toast-icon--${type}`} role="img" aria-label={icon.label}>
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

export function Toasts() {
  return <ToastContainer {...toastSettings} />;
}

export { toast };

import type { ReactNode } from 'react';
import { buttonClass } from './button.ts';

export function Spinner({ className = 'size-5' }: { className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={`inline-block animate-spin rounded-full border-2 border-current border-r-transparent motion-reduce:animate-none ${className}`}
    />
  );
}

interface SubmitButtonProps {
  /** While true the button shows a spinner and cannot be pressed again. */
  busy: boolean;
  /** The label while busy, such as "Signing in…". */
  busyLabel?: string;
  children: ReactNode;
  /** `secondary` for a form's lesser action, such as asking for another code. */
  variant?: 'primary' | 'secondary';
  /** Full width on phones, its own width from the small breakpoint up. */
  inline?: boolean;
}

/** A form's submit button: full width on phones, a busy state while the request runs. */
export function SubmitButton({ busy, busyLabel, children, variant = 'primary', inline = false }: SubmitButtonProps) {
  return (
    <button
      type="submit"
      disabled={busy}
      aria-busy={busy}
      className={`${buttonClass(variant)} w-full ${inline ? 'sm:w-auto' : ''}`}
    >
      {busy ? <Spinner /> : null}
      <span>{busy ? (busyLabel ?? children) : children}</span>
    </button>
  );
}

import type { ReactNode } from 'react';

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

const variants = {
  primary: 'bg-indigo-600 text-white hover:bg-indigo-700 disabled:bg-indigo-500',
  secondary: 'border border-slate-300 bg-white text-slate-800 hover:bg-slate-50 disabled:text-slate-500',
} as const;

/** A form's submit button: full width on phones, a busy state while the request runs. */
export function SubmitButton({ busy, busyLabel, children, variant = 'primary', inline = false }: SubmitButtonProps) {
  return (
    <button
      type="submit"
      disabled={busy}
      aria-busy={busy}
      className={`inline-flex min-h-12 w-full items-center justify-center gap-2 rounded-xl px-6 font-semibold text-base disabled:cursor-wait ${variants[variant]} ${inline ? 'sm:w-auto' : ''}`}
    >
      {busy ? <Spinner /> : null}
      <span>{busy ? (busyLabel ?? children) : children}</span>
    </button>
  );
}

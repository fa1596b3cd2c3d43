import type { ReactNode } from 'react';

interface FormAlertProps {
  children: ReactNode;
  /** `error` is announced at once (role="alert"); `info` and `success` politely (role="status"). */
  tone?: 'error' | 'info' | 'success';
}

const tones = {
  error: 'border-red-200 bg-red-50 text-red-800',
  info: 'border-indigo-200 bg-indigo-50 text-indigo-900',
  success: 'border-emerald-200 bg-emerald-50 text-emerald-900',
} as const;

/** A message about the whole form, above or below its fields. */
export function FormAlert({ children, tone = 'error' }: FormAlertProps) {
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      className={`rounded-xl border px-4 py-3 text-sm leading-relaxed ${tones[tone]}`}
    >
      {children}
    </div>
  );
}

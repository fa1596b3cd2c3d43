import type { ReactNode } from 'react';

/** The stripes every TEST surface shares (the sandbox's payment page, tickets, the door), so TEST is known at a glance. */
export const testStripes = 'bg-[repeating-linear-gradient(135deg,#fbbf24_0_14px,#f59e0b_14px_28px)] text-amber-950';

/** A small "TEST" mark beside an order paid in the payment sandbox. */
export function TestBadge({ className = '' }: { className?: string }) {
  return (
    <span
      title="Paid in the payment sandbox: no money moved"
      className={`inline-flex shrink-0 items-center rounded-md bg-amber-300 px-2 py-0.5 font-black text-amber-950 text-xs tracking-wider ring-1 ring-amber-500 ${className}`}
    >
      TEST
    </span>
  );
}

/** A striped band with a heading and a sentence: what a TEST order or ticket is, where it is shown. */
export function TestNotice({ title, children, className = '' }: { title: string; children: ReactNode; className?: string }) {
  return (
    <div role="note" aria-label={title} className={`px-4 py-3 ${testStripes} ${className}`}>
      <p className="font-extrabold tracking-wide">{title}</p>
      <p className="font-medium text-sm">{children}</p>
    </div>
  );
}

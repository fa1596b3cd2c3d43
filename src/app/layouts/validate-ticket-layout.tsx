import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** The door: full screen, high contrast, nothing but the scanner and a way back. */
export function ValidateTicketLayout({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col bg-slate-950 text-white">
      <header className="flex items-center justify-between px-4 py-3">
        <Link to="/" className="inline-flex min-h-12 items-center rounded-lg px-3 font-semibold text-lg">
          ← Admit
        </Link>
      </header>
      <main id="main" className="flex flex-1 flex-col">
        {children}
      </main>
    </div>
  );
}

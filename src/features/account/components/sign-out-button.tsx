import { useState } from 'react';
import { Spinner } from '#components/submit-button.tsx';
import { signOut } from '#lib/session/sign-out.ts';

/** Ends the session on this device; busy until the page leaves, or again usable when a sign-out step kept the session. */
export function SignOutButton({ className }: { className: string }) {
  const [busy, setBusy] = useState(false);
  return (
    <button
      type="button"
      disabled={busy}
      aria-busy={busy}
      onClick={() => {
        setBusy(true);
        void signOut().then((done) => {
          if (!done) setBusy(false);
        });
      }}
      className={className}
    >
      {busy ? <Spinner /> : null}
      {busy ? 'Signing out…' : 'Sign out'}
    </button>
  );
}

import { useState } from 'react';
import { buttonClass } from '../../../components/button.ts';
import { Spinner } from '../../../components/submit-button.tsx';
import { signOut } from '../../../lib/session/sign-out.ts';
import { AccountSection } from './account-section.tsx';

/** Ends the session on this device: the server forgets it, and so does the browser. */
export function SignOutSection() {
  const [busy, setBusy] = useState(false);
  return (
    <AccountSection
      id="sign-out-title"
      title="Sign out"
      intro="Sign out of Admit on this device. Saved tickets and pages are removed from it."
    >
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
        className={`${buttonClass('danger')} w-full sm:w-auto`}
      >
        {busy ? <Spinner /> : null}
        {busy ? 'Signing out…' : 'Sign out'}
      </button>
    </AccountSection>
  );
}

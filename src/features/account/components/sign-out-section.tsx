import { buttonClass } from '#components/button.ts';
import { AccountSection } from './account-section.tsx';
import { SignOutButton } from './sign-out-button.tsx';

/** Ends the session on this device: the server forgets it, and so does the browser. */
export function SignOutSection() {
  return (
    <AccountSection
      id="sign-out-title"
      title="Sign out"
      intro="Sign out of Admit on this device. Saved tickets and pages are removed from it."
    >
      <SignOutButton className={`${buttonClass('danger')} w-full sm:w-auto`} />
    </AccountSection>
  );
}

/**
 * Work a feature must finish before this device signs out (e.g. uploading door scans); a step answers false
 * to keep the session (the person chose not to lose something). Registered by the app, run by signOut.
 */
export type SignOutStep = () => Promise<boolean>;

const steps: SignOutStep[] = [];

export function beforeSignOut(step: SignOutStep): void {
  if (!steps.includes(step)) steps.push(step);
}

/** true when every step lets the sign-out go ahead; a step that fails does not block it. */
export async function runSignOutSteps(): Promise<boolean> {
  for (const step of steps) {
    const proceed = await step().catch((error: unknown) => {
      console.warn('A sign-out step failed', error);
      return true;
    });
    if (!proceed) return false;
  }
  return true;
}

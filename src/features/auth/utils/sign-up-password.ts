/**
 * The password typed at sign-up, held in this tab's memory only (never stored, gone on reload), so the code form that
 * follows need not ask for it again: confirming an address takes the code and the sign-up's password (decision 019).
 * Only written from event handlers, so the server never holds one.
 */
let remembered: { email: string; password: string } | null = null;

export function rememberSignUpPassword(email: string, password: string): void {
  remembered = { email: email.trim().toLowerCase(), password };
}

/** The password typed at sign-up for this address in this tab, or '' when there is none. */
export function signUpPasswordFor(email: string): string {
  return remembered && remembered.email === email.trim().toLowerCase() ? remembered.password : '';
}

export function forgetSignUpPassword(): void {
  remembered = null;
}

import { caseAccessHeader } from '#contract/help-case-terms.ts';

// The access a mailed link was exchanged for lives in this tab's session storage only: it is gone when the tab
// closes, is never sent anywhere but the case's own calls, and the link that made it cannot make another.
const storageKey = (caseId: string) => `admit-case-access:${caseId}`;

export function keepCaseAccess(caseId: string, accessKey: string): void {
  try {
    sessionStorage.setItem(storageKey(caseId), accessKey);
  } catch {
    // Storage refused (private mode): the case stays open in this page until it is left.
  }
}

export function caseAccessOf(caseId: string): string | null {
  try {
    return sessionStorage.getItem(storageKey(caseId));
  } catch {
    return null;
  }
}

/** The header that carries a case's access, when this tab holds one. */
export function caseAccessHeaders(caseId: string): Record<string, string> {
  const key = caseAccessOf(caseId);
  return key ? { [caseAccessHeader]: key } : {};
}

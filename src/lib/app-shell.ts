/**
 * The app shell: a document with the app's code and styles but no page, which the service worker keeps
 * and serves for the addresses that must open from the device (docs/decisions/025-app-shell.md).
 */
export const appShellPath = '/app-shell';

/**
 * Addresses the worker always answers with the shell, never waiting for the network: the door, and the
 * attendee's tickets. Their pages read what the device holds and refresh it in the background.
 */
export const devicePages: ReadonlyArray<{ pattern: RegExp; page: string; layout: string }> = [
  { pattern: /^\/organizer\/scan-ticket\/?$/, page: 'door/organiser-scan-ticket', layout: 'organizer-dashboard' },
  { pattern: /^\/organizer\/validate-ticket\/scan\/?$/, page: 'door/validate-ticket-scan', layout: 'validate-ticket-layout' },
  { pattern: /^\/organizer\/validate-ticket\/search\/?$/, page: 'door/validate-ticket-search', layout: 'validate-ticket-layout' },
  { pattern: /^\/account\/bookings(\/.*)?$/, page: 'account/account-bookings', layout: 'user-account' },
];

export function isDevicePage(pathname: string): boolean {
  return devicePages.some(({ pattern }) => pattern.test(pathname));
}

/** Set on a page response the worker may keep for offline use: public pages, with nothing of the visitor in them. */
export const keepableHeader = 'X-Admit-Keepable';

import { formatCount } from '#contract/count-text.ts';
import { appReadyOffline, type OfflineApp } from '#lib/offline-app.ts';

export type CheckState = 'done' | 'waiting' | 'unavailable';

export interface ReadinessCheck {
  id: 'tickets' | 'app' | 'control';
  state: CheckState;
  label: string;
  /** Files stored so far, for a progress bar while the app is being saved. */
  progress?: { done: number; total: number };
  /** Why, where the label alone would puzzle. */
  detail?: string;
  /** A reload is what it takes (the worker installed but does not control the page, or failed). */
  reload?: boolean;
}

export type DoorReadiness = { ready: true; sentence: string } | { ready: false; sentence: string; checks: ReadinessCheck[] };

const plural = (count: number, word: string) => `${formatCount(count)} ${word}${count === 1 ? '' : 's'}`;

function appCheck(app: OfflineApp | null): ReadinessCheck {
  const saving = { id: 'app', state: 'waiting', label: 'Saving the app for offline use…' } as const;
  if (!app) return { id: 'app', state: 'waiting', label: 'Checking whether this browser can work offline…' };
  const impossible = { id: 'app', state: 'unavailable', label: 'This browser can’t work offline' } as const;
  if (app.support === 'unsupported') return impossible;
  if (app.support === 'development') return { ...impossible, detail: 'A development build registers no service worker.' };
  if (app.worker === 'redundant') {
    return {
      id: 'app',
      state: 'unavailable',
      label: 'The app could not be saved for offline use — reload to try again',
      reload: true,
    };
  }
  const { status } = app;
  if (!status || status.total === 0) return saving;
  const progress = { done: status.cached, total: status.total };
  if (status.cached < status.total || !status.shell) {
    return {
      id: 'app',
      state: 'waiting',
      label: `App saved for offline use: ${status.cached} of ${status.total} files`,
      progress,
    };
  }
  return { id: 'app', state: 'done', label: `App saved for offline use: ${plural(status.total, 'file')}` };
}

function controlCheck(app: OfflineApp & { support: 'worker' }): ReadinessCheck {
  if (app.controlled) return { id: 'control', state: 'done', label: 'The saved app runs this page' };
  // Activated yet not in control: a page loaded around the worker (a hard reload) — one ordinary reload fixes it.
  if (app.worker === 'activated') {
    return {
      id: 'control',
      state: 'waiting',
      label: 'Waiting for the app to take control of this page — reload once',
      reload: true,
    };
  }
  return { id: 'control', state: 'waiting', label: 'Waiting for the app to take control of this page' };
}

/**
 * What the door says about working without a connection. It claims so only when the event's tickets are on
 * the device, a service worker controls the page and that worker holds the shell and every file of the app;
 * until then it lists what is still missing. Scanning while connected works either way.
 */
export function describeDoorReadiness(input: { tickets: number | null; app: OfflineApp | null }): DoorReadiness {
  const { tickets, app } = input;
  if (tickets !== null && app && appReadyOffline(app)) {
    return { ready: true, sentence: `${plural(tickets, 'ticket')} on this device — it can check tickets without a connection.` };
  }
  const checks: ReadinessCheck[] = [
    tickets === null
      ? { id: 'tickets', state: 'waiting', label: 'Tickets not on this device yet' }
      : { id: 'tickets', state: 'done', label: `${plural(tickets, 'ticket')} on this device` },
    appCheck(app),
  ];
  if (app?.support === 'worker') checks.push(controlCheck(app));
  const impossible = checks.some((check) => check.state === 'unavailable' && !check.reload);
  return {
    ready: false,
    sentence: impossible
      ? 'Scanning works while this device is connected.'
      : 'Scanning works now while connected. Getting ready to check tickets without a connection:',
    checks,
  };
}

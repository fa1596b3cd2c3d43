const key = 'admit-door-event';

/** The event this device last scanned for, so the scanner opens on it again (also offline). */
export function rememberDoorEvent(eventId: string): void {
  try {
    localStorage.setItem(key, eventId);
  } catch {
    // private mode: the address still carries the event
  }
}

export function lastDoorEvent(): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function forgetLastDoorEvent(): void {
  try {
    localStorage.removeItem(key);
  } catch {
    // nothing kept
  }
}

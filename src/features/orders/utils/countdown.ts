/** Milliseconds left until an ISO instant (never negative); null when there is no deadline. */
export function timeLeft(deadline: string | null, now: number): number | null {
  if (!deadline) return null;
  return Math.max(0, new Date(deadline).getTime() - now);
}

/** A countdown as a clock: "14:59", "0:05", "1:02:03" (rounded up, so it reads 0:00 only once time is up). */
export function formatCountdown(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = String(total % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${seconds}` : `${minutes}:${seconds}`;
}

/** The same time in words for screen readers, announced rarely: "14 minutes", "1 minute 5 seconds", "30 seconds". */
export function countdownInWords(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const minutes = Math.floor(total / 60);
  const seconds = total % 60;
  const unit = (value: number, name: string) => `${value} ${name}${value === 1 ? '' : 's'}`;
  if (minutes === 0) return unit(seconds, 'second');
  return seconds === 0 || minutes >= 5 ? unit(minutes, 'minute') : `${unit(minutes, 'minute')} ${unit(seconds, 'second')}`;
}

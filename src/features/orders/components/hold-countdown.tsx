import { countdownInWords, formatCountdown } from '../utils/countdown.ts';

interface HoldCountdownProps {
  /** Milliseconds left; null before the browser knows the time. */
  left: number | null;
  /** What is held, e.g. "Your 2 tickets are held". */
  label: string;
  tone?: 'light' | 'dark';
}

/**
 * The time left on a hold, as a large clock. Screen readers get it in words when they ask
 * (role="timer" is not announced on every tick) and once when a minute is left.
 */
export function HoldCountdown({ left, label, tone = 'light' }: HoldCountdownProps) {
  const urgent = left !== null && left <= 60_000;
  const surface =
    tone === 'dark'
      ? 'bg-slate-900 text-white'
      : urgent
        ? 'bg-amber-50 text-amber-950 ring-1 ring-amber-300'
        : 'bg-indigo-50 text-indigo-950 ring-1 ring-indigo-200';
  return (
    <div className={`flex items-center justify-between gap-4 rounded-xl px-4 py-3 ${surface}`}>
      <p className="font-medium text-sm leading-snug">
        {label}
        <span className="block text-xs opacity-80">Complete your order before the time runs out.</span>
      </p>
      <p
        role="timer"
        aria-label={left === null ? 'Time left' : `Time left: ${countdownInWords(left)}`}
        className="shrink-0 font-bold font-mono text-2xl tabular-nums"
      >
        {left === null ? '–:––' : formatCountdown(left)}
      </p>
      <span className="sr-only" role="status">
        {urgent ? 'Less than a minute left on your hold.' : ''}
      </span>
    </div>
  );
}

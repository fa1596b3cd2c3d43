import { linkClass } from './button.ts';
import { Spinner } from './submit-button.tsx';

/**
 * What a page shows while `what` ("the event") loads, or once loading failed: a status with a spinner, or an alert that
 * says so and offers to try again.
 */
export function LoadState({ what, failed, onRetry }: { what: string; failed: boolean; onRetry: () => void }) {
  if (!failed) {
    return (
      <p role="status" className="flex items-center gap-2 text-slate-600">
        <Spinner /> Loading {what}…
      </p>
    );
  }
  return (
    <div role="alert" className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
      <p className="text-slate-700">{`${what.charAt(0).toUpperCase()}${what.slice(1)} could not be loaded. Check your connection and try again.`}</p>
      <button type="button" onClick={onRetry} className={`${linkClass} mt-2 min-h-11`}>
        Try again
      </button>
    </div>
  );
}

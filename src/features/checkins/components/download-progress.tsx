import { formatCount } from '#contract/count-text.ts';
/** The scan data download: a bar and the number of tickets stored on the device so far. */
export function DownloadProgress({ stored, total, label }: { stored: number; total: number; label: string }) {
  const percent = total > 0 ? Math.min(100, Math.round((stored / total) * 100)) : 0;
  return (
    <div className="space-y-2">
      <div className="flex justify-between font-medium text-slate-700">
        <span>{label}</span>
        <span className="tabular-nums">
          {total > 0 ? `${formatCount(stored)} of ${formatCount(total)} tickets` : 'Starting…'}
        </span>
      </div>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="h-4 overflow-hidden rounded-full bg-slate-200"
      >
        <div className="h-full rounded-full bg-indigo-600 transition-[width]" style={{ width: `${total > 0 ? percent : 5}%` }} />
      </div>
    </div>
  );
}

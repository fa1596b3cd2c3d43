import type { ReactNode } from 'react';

interface StatBoxProps {
  label: string;
  value: ReactNode;
  /** A short note under the value: "What buyers paid". */
  hint?: ReactNode;
  /** A change against an earlier period, e.g. "+12% on last week"; its tone says whether it is good news. */
  delta?: { text: string; tone: 'up' | 'down' | 'flat' };
  /** The figure that matters most on the row, on the brand colour. */
  strong?: boolean;
}

const deltaTone = { up: 'text-emerald-700', down: 'text-red-700', flat: 'text-slate-600' } as const;

/** One figure of a dashboard: a `dt`/`dd` group, so place stat boxes inside a `<dl>`. */
export function StatBox({ label, value, hint, delta, strong = false }: StatBoxProps) {
  return (
    <div className={`rounded-xl p-3 ${strong ? 'bg-indigo-600 text-white' : 'bg-slate-50'}`}>
      <dt className={`text-sm ${strong ? 'text-indigo-100' : 'text-slate-600'}`}>{label}</dt>
      <dd className="font-bold text-xl tabular-nums">{value}</dd>
      {delta ? (
        <dd className={`font-semibold text-sm ${strong ? 'text-indigo-100' : deltaTone[delta.tone]}`}>{delta.text}</dd>
      ) : null}
      {hint ? <dd className={`text-xs ${strong ? 'text-indigo-100' : 'text-slate-500'}`}>{hint}</dd> : null}
    </div>
  );
}

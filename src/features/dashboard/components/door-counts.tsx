import { StatBox } from '#components/stat-box.tsx';
import type { Dashboard } from '#contract/dashboard.ts';

/** Who is in, from the door's admissions; read aloud when it changes. */
export function DoorCounts({ door, pageViews }: Pick<Dashboard, 'door' | 'pageViews'>) {
  const share = door.sold > 0 ? Math.round((door.checkedIn / door.sold) * 100) : 0;
  return (
    <section aria-labelledby="door-title" className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-5">
      <h2 id="door-title" className="font-bold text-lg text-slate-900">
        At the door
      </h2>
      <dl aria-live="polite" className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-4">
        <StatBox label="Checked in" value={`${door.checkedIn} / ${door.sold}`} hint={`${share}% of tickets sold`} strong />
        <StatBox label="Inside now" value={door.inside} hint="Checked in and not out" />
        <StatBox label="Tickets sold" value={door.sold} hint="Test tickets included" />
        <StatBox label="Page views" value={pageViews} hint="Public event pages" />
      </dl>
    </section>
  );
}

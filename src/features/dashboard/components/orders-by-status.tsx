import { statusLabels, statusTones } from '#components/order-status.ts';
import type { Dashboard } from '#contract/dashboard.ts';

export function OrdersByStatus({ ordersByStatus }: Pick<Dashboard, 'ordersByStatus'>) {
  return (
    <section aria-labelledby="statuses-title" className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-5">
      <h2 id="statuses-title" className="font-bold text-lg text-slate-900">
        Orders by status
      </h2>
      {ordersByStatus.length === 0 ? (
        <p className="mt-2 text-slate-600">No orders yet.</p>
      ) : (
        <dl className="mt-3 flex flex-wrap gap-2">
          {ordersByStatus.map(({ status, count }) => (
            <div key={status} className={`flex gap-2 rounded-full px-3 py-1 text-sm ${statusTones[status]}`}>
              <dt>{statusLabels[status]}</dt>
              <dd className="font-bold tabular-nums">{count}</dd>
            </div>
          ))}
        </dl>
      )}
    </section>
  );
}

import { type ReactNode, useState } from 'react';
import { buttonClass } from '#components/button.ts';
import { type Column, DataTable } from '#components/data-table/data-table.tsx';
import { formatDay } from '#components/format/date-time.ts';
import type { AdminEventRow, ModerateEvent } from '#contract/admin-sales.ts';
import { formatMoney } from '#contract/money.ts';
import { toast } from '#lib/toasts.tsx';
import { useEventAction } from '../api/events.ts';
import { ActionProblem } from './action-problem.tsx';
import { Pill } from './list-filters.tsx';
import { ReasonDialog } from './reason-dialog.tsx';

type Moderation = ModerateEvent['action'];

const statusPill = (event: AdminEventRow) => {
  if (event.suspendedAt) return <Pill tone="bg-red-100 text-red-900">Suspended</Pill>;
  const tones = {
    published: 'bg-emerald-100 text-emerald-900',
    draft: 'bg-slate-200 text-slate-800',
    cancelled: 'bg-slate-200 text-slate-800',
  };
  const words = { published: 'Published', draft: 'Draft', cancelled: 'Cancelled' };
  return <Pill tone={tones[event.status]}>{words[event.status]}</Pill>;
};

const dialogs: Record<Moderation, { title: string; description: string; confirm: string; done: string }> = {
  unpublish: {
    title: 'Unpublish',
    description:
      'It leaves the public pages and stops selling; its organiser can publish it again. They receive the reason by email.',
    confirm: 'Unpublish event',
    done: 'The event is unpublished; the organiser is told.',
  },
  suspend: {
    title: 'Suspend',
    description:
      'It leaves the public pages, stops selling and cannot be published again until the suspension is lifted. Its organiser receives the reason by email.',
    confirm: 'Suspend event',
    done: 'The event is suspended; the organiser is told.',
  },
  lift: {
    title: 'Lift the suspension of',
    description: 'Its organiser may publish it again, and receives the reason by email.',
    confirm: 'Lift suspension',
    done: 'The suspension is lifted; the organiser is told.',
  },
};

/** Every event with status and sales; unpublish, suspend or lift with a reason; feature on the home page. */
export function AdminEventsTable(props: {
  events: readonly AdminEventRow[];
  loading: boolean;
  error: string | null;
  onRetry(): void;
}) {
  const [target, setTarget] = useState<{ event: AdminEventRow; action: Moderation } | null>(null);
  const [problem, setProblem] = useState<ReactNode>(null);
  const action = useEventAction();
  const open = (event: AdminEventRow, which: Moderation) => {
    setProblem(null);
    setTarget({ event, action: which });
  };
  const feature = (event: AdminEventRow) =>
    action
      .mutateAsync({ kind: 'feature', eventId: event.id, featured: !event.featured })
      .then(() =>
        toast.success(event.featured ? `${event.title} is no longer featured.` : `${event.title} is featured on the home page.`),
      )
      .catch((failure: unknown) => toast.error(<ActionProblem failure={failure} />));

  const columns: Column<AdminEventRow>[] = [
    {
      id: 'title',
      header: 'Event',
      cell: (event) => (
        <span>
          <a href={`/event/${event.id}`} className="block font-semibold text-indigo-700 underline">
            {event.title}
          </a>
          <span className="block text-slate-600 text-sm">{event.organisationName}</span>
        </span>
      ),
    },
    { id: 'starts', header: 'Starts', cell: (event) => <span className="whitespace-nowrap">{formatDay(event.startsAt)}</span> },
    {
      id: 'status',
      header: 'Status',
      cell: (event) => (
        <span className="flex flex-wrap gap-1" title={event.suspensionReason ?? undefined}>
          {statusPill(event)}
          {event.featured ? <Pill tone="bg-indigo-100 text-indigo-900">Featured</Pill> : null}
        </span>
      ),
    },
    {
      id: 'sold',
      header: 'Sold',
      align: 'end',
      cell: (event) => (
        <a href={`/admin/orders?eventId=${event.id}`} className="whitespace-nowrap text-indigo-700 underline">
          {event.ticketsSold} / {event.capacity}
          <span className="sr-only"> sold: the orders of {event.title}</span>
        </a>
      ),
    },
    {
      id: 'sales',
      header: 'Sales (TEST left out)',
      align: 'end',
      cell: (event) => {
        const real = event.sales.filter((sale) => sale.amount !== 0);
        return real.length === 0 ? '—' : real.map((sale) => formatMoney(sale.amount, sale.currency)).join(', ');
      },
    },
    {
      id: 'actions',
      header: 'Actions',
      align: 'end',
      cell: (event) => (
        <span className="flex flex-wrap justify-end gap-2 md:flex-nowrap">
          {event.status === 'published' && !event.suspendedAt ? (
            <button type="button" className={buttonClass('secondary', 'small')} onClick={() => void feature(event)}>
              {event.featured ? 'Unfeature' : 'Feature'}
              <span className="sr-only"> {event.title}</span>
            </button>
          ) : null}
          {event.status === 'published' && !event.suspendedAt ? (
            <button type="button" className={buttonClass('secondary', 'small')} onClick={() => open(event, 'unpublish')}>
              Unpublish<span className="sr-only"> {event.title}</span>
            </button>
          ) : null}
          {event.suspendedAt ? (
            <button type="button" className={buttonClass('secondary', 'small')} onClick={() => open(event, 'lift')}>
              Lift suspension<span className="sr-only"> of {event.title}</span>
            </button>
          ) : event.status !== 'cancelled' ? (
            <button type="button" className={buttonClass('danger', 'small')} onClick={() => open(event, 'suspend')}>
              Suspend<span className="sr-only"> {event.title}</span>
            </button>
          ) : null}
        </span>
      ),
    },
  ];

  const words = target ? dialogs[target.action] : dialogs.unpublish;
  const confirm = (reason: string) => {
    if (!target) return;
    action
      .mutateAsync({ kind: 'moderate', eventId: target.event.id, input: { action: target.action, reason } })
      .then(() => {
        toast.success(words.done);
        setTarget(null);
      })
      .catch((failure: unknown) => setProblem(<ActionProblem failure={failure} />));
  };

  return (
    <>
      <DataTable
        caption="Events"
        captionHidden
        columns={columns}
        rows={props.events}
        rowKey={(event) => event.id}
        loading={props.loading}
        error={props.error}
        onRetry={props.onRetry}
        empty="No events match these filters."
      />
      <ReasonDialog
        open={target !== null}
        title={`${words.title} ${target?.event.title ?? ''}`}
        description={words.description}
        confirmLabel={words.confirm}
        busy={action.isPending}
        problem={problem}
        onConfirm={confirm}
        onClose={() => setTarget(null)}
      />
    </>
  );
}

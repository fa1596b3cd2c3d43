import { buttonClass } from '#components/button.ts';
import { type Column, DataTable } from '#components/data-table/data-table.tsx';
import { formatDateTime } from '#components/format/date-time.ts';
import type { NamedTicketType } from '#contract/discount-code-summary.ts';
import type { DiscountCode } from '#contract/discount-codes.ts';
import { formatMoney } from '#contract/money.ts';
import { type CodeStatus, codeStatus, codeStatusLabels, describeCode, usesText } from '../../utils/discount-code-text.ts';

const statusTones: Record<CodeStatus, string> = {
  active: 'bg-emerald-100 text-emerald-900',
  scheduled: 'bg-indigo-100 text-indigo-900',
  expired: 'bg-slate-200 text-slate-800',
  'used-up': 'bg-amber-100 text-amber-900',
  archived: 'bg-slate-200 text-slate-800',
};

interface CodesTableProps {
  codes: readonly DiscountCode[];
  types: readonly NamedTicketType[];
  currency: string;
  timeZone: string;
  /** When the page was loaded: statuses read the same on the server and while hydrating. */
  asOf: number;
  loading: boolean;
  error: string | null;
  onRetry(): void;
  empty: string;
  /** The code whose archiving (or return) is on its way, if any. */
  busyId: string | null;
  onEdit(code: DiscountCode): void;
  onArchive(code: DiscountCode, archived: boolean): void;
}

/** When a code can be used, when it has limits: "From 3 Nov 2026, 19:30 until …". */
function windowText(code: DiscountCode, timeZone: string): string | null {
  const at = (iso: string) => formatDateTime(iso, { timeZone });
  if (code.startsAt && code.endsAt) return `${at(code.startsAt)} to ${at(code.endsAt)}`;
  if (code.startsAt) return `From ${at(code.startsAt)}`;
  if (code.endsAt) return `Until ${at(code.endsAt)}`;
  return null;
}

/** The event's codes: on wide screens a table, on phones a card each (the kit's table does both). */
export function CodesTable(props: CodesTableProps) {
  const { codes, types, currency, timeZone, asOf, busyId, onEdit, onArchive } = props;
  const money = (minor: number) => formatMoney(minor, currency);
  const columns: Column<DiscountCode>[] = [
    {
      id: 'code',
      header: 'Code',
      cell: (code) => (
        <span className="block min-w-0 text-right md:text-left">
          <span className="block break-all font-mono font-semibold text-slate-900 md:break-normal">{code.code}</span>
          {code.note ? <span className="block break-words text-slate-600 text-sm">{code.note}</span> : null}
        </span>
      ),
    },
    {
      id: 'does',
      header: 'What it does',
      cell: (code) => {
        const window = windowText(code, timeZone);
        return (
          <span className="block min-w-0 md:min-w-40 md:max-w-64">
            <span className="block">{describeCode(code, types, currency)}</span>
            {code.maxUsesPerBuyer !== null ? (
              <span className="block text-slate-600 text-sm">
                {code.maxUsesPerBuyer === 1 ? 'Once per buyer' : `${code.maxUsesPerBuyer} times per buyer`}
              </span>
            ) : null}
            {window ? <span className="block text-slate-600 text-sm">{window}</span> : null}
          </span>
        );
      },
    },
    { id: 'uses', header: 'Uses', align: 'end', cell: (code) => usesText(code) },
    { id: 'orders', header: 'Paid orders', align: 'end', cell: (code) => code.paidOrders },
    { id: 'revenue', header: 'Revenue', align: 'end', cell: (code) => money(code.revenue) },
    { id: 'discounted', header: 'Discount given', align: 'end', cell: (code) => money(code.discounted) },
    {
      id: 'status',
      header: 'Status',
      cell: (code) => {
        const status = codeStatus(code, asOf);
        return (
          <span
            className={`inline-block whitespace-nowrap rounded-full px-2.5 py-0.5 font-semibold text-sm ${statusTones[status]}`}
          >
            {codeStatusLabels[status]}
          </span>
        );
      },
    },
    {
      id: 'actions',
      header: 'Actions',
      align: 'end',
      cell: (code) => (
        <span className="flex flex-wrap justify-end gap-2 md:flex-nowrap">
          <button type="button" className={buttonClass('secondary', 'small')} onClick={() => onEdit(code)}>
            Edit<span className="sr-only"> {code.code}</span>
          </button>
          <button
            type="button"
            className={buttonClass('secondary', 'small')}
            disabled={busyId === code.id}
            aria-busy={busyId === code.id}
            onClick={() => onArchive(code, !code.archived)}
          >
            {code.archived ? 'Restore' : 'Archive'}
            <span className="sr-only"> {code.code}</span>
          </button>
        </span>
      ),
    },
  ];
  return (
    <DataTable
      caption="Discount and access codes"
      captionHidden
      columns={columns}
      rows={codes}
      rowKey={(code) => code.id}
      loading={props.loading}
      error={props.error}
      onRetry={props.onRetry}
      empty={props.empty}
    />
  );
}

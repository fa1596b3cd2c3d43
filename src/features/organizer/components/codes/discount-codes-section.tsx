import { useCallback, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { buttonClass } from '#components/button.ts';
import { Pager } from '#components/data-table/pager.tsx';
import { booleanFilter, type FilterCodec, textFilter, writeFilters } from '#components/data-table/url-filters.ts';
import { useUrlFilters } from '#components/data-table/use-url-filters.ts';
import { serverMessage } from '#components/fields/form-errors.ts';
import type { DiscountCode } from '#contract/discount-codes.ts';
import type { Event } from '#contract/events.ts';
import { statusOf } from '#lib/api-caller.tsx';
import { toast } from '#lib/toasts.tsx';
import { discountCodePageSize, useDiscountCodes } from '../../api/get-discount-codes.ts';
import { useSaveDiscountCode } from '../../api/save-discount-code.ts';
import type { CodeFormMode } from '../../utils/discount-code-form.ts';
import { withArchived } from '../../utils/discount-code-form.ts';
import { EventSearch } from '../events-list/event-search.tsx';
import { GeneratedCodes, ImportedCodes } from './code-outcomes.tsx';
import { CodesTable } from './codes-table.tsx';
import { DeleteCodeDialog } from './delete-code-dialog.tsx';
import { type CodeFormOutcome, DiscountCodeForm } from './discount-code-form.tsx';

/** A page number in the address; 1 is left out. */
const pageFilter: FilterCodec<number> = {
  parse: (raw) => {
    const page = Number(raw);
    return Number.isInteger(page) && page > 1 && page <= 10_000 ? page : 1;
  },
  format: (page) => (page > 1 ? String(page) : null),
};

/** The list's search, archive view and page, as the address holds them. */
export const codeFilters = { q: textFilter(40), archived: booleanFilter, page: pageFilter };

type Panel =
  | { kind: 'list' }
  | { kind: 'form'; mode: CodeFormMode; code?: DiscountCode }
  | { kind: 'generated'; codes: string[] }
  | { kind: 'imported'; fileName: string; result: Extract<CodeFormOutcome, { kind: 'imported' }>['result'] };

const listRefusals: Record<number, string> = {
  403: 'Only owners and managers of the organisation can see and change its codes.',
  404: 'That event was not found in your organisation.',
};

interface DiscountCodesSectionProps {
  event: Event;
  /** When the page was loaded: the codes' statuses read the same on the server and while hydrating. */
  asOf: number;
}

const slug = (title: string) =>
  title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 40) || 'event';

/** An event's discount and access codes: the list with its figures, and adding, changing, archiving and deleting codes. */
export function DiscountCodesSection({ event, asOf }: DiscountCodesSectionProps) {
  const { values: filters, set } = useUrlFilters(codeFilters);
  const [search] = useSearchParams();
  const { pathname } = useLocation();
  const [panel, setPanel] = useState<Panel>({ kind: 'list' });
  const [deleting, setDeleting] = useState<DiscountCode | null>(null);
  const archived = filters.archived === true;
  const query = { search: filters.q, archived, page: filters.page };
  const list = useDiscountCodes(event.id, query);
  const save = useSaveDiscountCode(event.id);
  const types = event.ticketTypes.map((type) => ({ id: type.id, name: type.name, hidden: type.hidden }));
  const currency = event.currency ?? event.ticketTypes[0]?.currency ?? 'GBP';
  const timeZone = event.timezone;

  const onSearch = useCallback((q: string) => set({ q, page: 1 }, { replace: true }), [set]);
  const open = (next: Panel) => {
    setPanel(next);
    if (typeof window !== 'undefined') window.scrollTo({ top: 0 });
  };
  const finished = (outcome: CodeFormOutcome) => {
    if (outcome.kind === 'generated') open({ kind: 'generated', codes: outcome.codes });
    else if (outcome.kind === 'imported') open({ kind: 'imported', fileName: outcome.fileName, result: outcome.result });
    else setPanel({ kind: 'list' });
  };
  const archive = (code: DiscountCode, to: boolean) => {
    setDeleting(null);
    // Archived from the delete dialog of the code being changed: back to the list.
    setPanel((current) => (current.kind === 'form' ? { kind: 'list' } : current));
    save.mutate(
      { codeId: code.id, input: withArchived(code, to) },
      {
        onSuccess: (saved) => toast.success(to ? `Code ${saved.code} archived.` : `Code ${saved.code} is in use again.`),
        onError: (error) => toast.error(serverMessage(error)),
      },
    );
  };

  const pageHref = (page: number) => {
    const text = writeFilters(codeFilters, search, { page }).toString();
    return text ? `${pathname}?${text}` : pathname;
  };
  const total = list.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / discountCodePageSize));
  const page = Math.min(filters.page, pages);
  const error = list.isError ? (listRefusals[statusOf(list.error)] ?? 'The codes could not be loaded. Please try again.') : null;
  const forbidden = list.isError && statusOf(list.error) === 403;
  const empty = filters.q
    ? `No ${archived ? 'archived ' : ''}codes match “${filters.q}”.`
    : archived
      ? 'No archived codes.'
      : 'No codes yet. Create one, make many at once or import a file.';

  const dialog = (
    <DeleteCodeDialog
      eventId={event.id}
      code={deleting}
      onArchive={(code) => archive(code, true)}
      onDeleted={() => {
        setDeleting(null);
        setPanel({ kind: 'list' });
      }}
      onClose={() => setDeleting(null)}
    />
  );

  if (panel.kind === 'form') {
    const { code } = panel;
    return (
      <>
        <DiscountCodeForm
          key={`${panel.mode}:${code?.id ?? ''}`}
          eventId={event.id}
          mode={panel.mode}
          code={code}
          types={types}
          currency={currency}
          timeZone={timeZone}
          onDone={finished}
          onCancel={() => setPanel({ kind: 'list' })}
          onDelete={code ? () => setDeleting(code) : undefined}
        />
        {dialog}
      </>
    );
  }

  return (
    <div className="space-y-5">
      {panel.kind === 'generated' ? (
        <GeneratedCodes
          codes={panel.codes}
          fileName={`${slug(event.title)}-codes.csv`}
          onClose={() => setPanel({ kind: 'list' })}
        />
      ) : null}
      {panel.kind === 'imported' ? (
        <ImportedCodes fileName={panel.fileName} result={panel.result} onClose={() => setPanel({ kind: 'list' })} />
      ) : null}
      {forbidden ? null : (
        <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap">
          <button
            type="button"
            className={`${buttonClass('primary')} w-full sm:w-auto`}
            onClick={() => open({ kind: 'form', mode: 'one' })}
          >
            <span aria-hidden="true">+</span> New code
          </button>
          <button
            type="button"
            className={`${buttonClass('secondary')} w-full sm:w-auto`}
            onClick={() => open({ kind: 'form', mode: 'many' })}
          >
            Make many codes
          </button>
          <button
            type="button"
            className={`${buttonClass('secondary')} w-full sm:w-auto`}
            onClick={() => open({ kind: 'form', mode: 'import' })}
          >
            Import a CSV file
          </button>
        </div>
      )}
      <div className="flex flex-col gap-3 lg:flex-row lg:items-end">
        <div className="min-w-0 flex-1">
          <EventSearch value={filters.q} onSearch={onSearch} label="Search codes" />
        </div>
        <fieldset className="flex shrink-0 rounded-xl bg-slate-100 p-1" aria-label="Which codes">
          {[false, true].map((showArchived) => (
            <button
              key={String(showArchived)}
              type="button"
              aria-pressed={archived === showArchived}
              onClick={() => set({ archived: showArchived ? true : null, page: 1 })}
              className={`min-h-10 flex-1 rounded-lg px-4 font-semibold text-sm ${
                archived === showArchived ? 'bg-white text-indigo-800 shadow-sm' : 'text-slate-700 hover:text-slate-900'
              }`}
            >
              {showArchived ? 'Archived' : 'In use'}
            </button>
          ))}
        </fieldset>
      </div>
      <p className="sr-only" role="status">
        {list.data ? `${total} ${archived ? 'archived ' : ''}codes${filters.q ? ` match “${filters.q}”` : ''}.` : ''}
      </p>
      <CodesTable
        codes={list.data?.items ?? []}
        types={types}
        currency={currency}
        timeZone={timeZone}
        asOf={asOf}
        loading={!list.data && list.isPending}
        error={error}
        onRetry={() => void list.refetch()}
        empty={empty}
        busyId={save.isPending ? (save.variables?.codeId ?? null) : null}
        onEdit={(code) => open({ kind: 'form', mode: 'edit', code })}
        onArchive={archive}
      />
      <Pager label="Code pages" previous={page > 1 ? pageHref(page - 1) : null} next={page < pages ? pageHref(page + 1) : null}>
        <span className="text-slate-600 text-sm">
          Page {page} of {pages}
        </span>
      </Pager>
      <p className="text-slate-600 text-sm">
        Buyers type a code on the event page. A link can type it for them: the event page’s address with{' '}
        <span className="break-all font-mono">?code=</span> and the code at the end. Revenue and discounts count paid orders only.
      </p>
      {dialog}
    </div>
  );
}

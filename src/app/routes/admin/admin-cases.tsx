import { Link } from 'react-router';
import { PageMeta } from '#app/page-meta.tsx';
import type { RouteContext } from '#app/route-context.ts';
import { Pager } from '#components/data-table/pager.tsx';
import { choiceFilter, textFilter } from '#components/data-table/url-filters.ts';
import { useUrlFilters } from '#components/data-table/use-url-filters.ts';
import { SelectField } from '#components/fields/select-field.tsx';
import { type CaseQueue, caseQueueLabels, caseQueueSchema } from '#contract/help-agents.ts';
import { agentStateLabels } from '#contract/help-case-terms.ts';
import { caseStateSchema } from '#contract/help-cases.ts';
import { accessQueryOptions } from '#features/admin/api/get-access.ts';
import { useAgentQueue } from '#features/help-desk/api/agent-calls.ts';
import { helpCategoriesQueryOptions, useHelpCategories } from '#features/help-desk/api/get-help-categories.ts';
import { AgentQueueTable } from '#features/help-desk/components/agent-queue-table.tsx';

const queueFilters = {
  queue: choiceFilter(caseQueueSchema.options),
  state: choiceFilter(caseStateSchema.options),
  category: textFilter(80),
  sort: choiceFilter(['oldest', 'newest'] as const),
};

export function createLoader({ queryClient, api }: RouteContext) {
  return async () => {
    // The admin menu lists the pages the administrator's groups allow.
    await Promise.all([
      queryClient.ensureQueryData(helpCategoriesQueryOptions(api)),
      queryClient.prefetchQuery(accessQueryOptions(api)),
    ]);
    return null;
  };
}

const queueTab = (active: boolean) =>
  `inline-flex min-h-11 items-center gap-2 rounded-lg px-3 font-semibold ${active ? 'bg-indigo-600 text-white' : 'bg-white text-slate-700 ring-1 ring-slate-200 hover:bg-slate-50'}`;

export function Component() {
  const { values, cursor, set, pageHref } = useUrlFilters(queueFilters);
  const queue: CaseQueue = values.queue ?? 'all';
  const sort = values.sort ?? 'oldest';
  const { data: categories } = useHelpCategories();
  const params = {
    queue,
    sort,
    ...(values.state ? { state: values.state } : {}),
    ...(values.category ? { category: values.category } : {}),
    ...(cursor ? { cursor } : {}),
  };
  const result = useAgentQueue(params);
  const counts = result.data?.counts;
  return (
    <div className="space-y-5">
      <PageMeta title="Cases" description="The help desk’s cases." noIndex />
      <h1 className="font-bold text-2xl text-slate-900 sm:text-3xl">Cases</h1>
      <nav aria-label="Queues" className="flex flex-wrap gap-2">
        {caseQueueSchema.options.map((name) => (
          <Link
            key={name}
            to={name === 'all' ? '/admin/cases' : `/admin/cases?queue=${name}`}
            className={queueTab(queue === name)}
            aria-current={queue === name ? 'page' : undefined}
          >
            {caseQueueLabels[name]}
            {counts ? <span className="tabular-nums">({counts[name]})</span> : null}
          </Link>
        ))}
      </nav>
      <div className="grid gap-3 sm:grid-cols-2 lg:max-w-2xl">
        <SelectField
          label="State"
          name="state"
          value={values.state ?? ''}
          onChange={(event) => set({ state: (event.target.value || null) as typeof values.state })}
        >
          <option value="">Any active state</option>
          {caseStateSchema.options.map((state) => (
            <option key={state} value={state}>
              {agentStateLabels[state]}
            </option>
          ))}
        </SelectField>
        <SelectField
          label="Category"
          name="category"
          value={values.category}
          onChange={(event) => set({ category: event.target.value })}
        >
          <option value="">Every category</option>
          {categories.map((category) => (
            <option key={category.slug} value={category.slug}>
              {category.title}
            </option>
          ))}
        </SelectField>
      </div>
      <AgentQueueTable
        rows={result.data?.items ?? []}
        loading={result.isPending}
        error={result.isError}
        onRetry={() => void result.refetch()}
        sort={sort}
        onSort={(next) => set({ sort: next })}
      />
      <Pager
        label="Case pages"
        previous={cursor ? pageHref(null) : null}
        next={result.data?.nextCursor ? pageHref(result.data.nextCursor) : null}
      >
        {cursor ? 'Later page (Previous returns to the first)' : null}
      </Pager>
    </div>
  );
}

import { Link } from 'react-router';
import { buttonClass } from '#components/button.ts';
import { SelectField } from '#components/fields/select-field.tsx';
import { formatDateTime } from '#components/format/date-time.ts';
import type { AgentCase } from '#contract/help-agents.ts';
import { agentStateLabels, type CaseState } from '#contract/help-case-terms.ts';
import { caseStateSchema } from '#contract/help-cases.ts';
import { useRouteSession } from '#lib/session/session-context.tsx';
import { useAgentCaseAction } from '../api/agent-calls.ts';

/** State, assignment, who raised it and what it is about (with links), and its history. */
export function AgentCaseSide({ item }: { item: AgentCase }) {
  const action = useAgentCaseAction(item.id);
  const { authId } = useRouteSession();
  const assignedToMe = item.assignee !== null && item.assignee.id === authId;
  return (
    <aside aria-label="Case details" className="space-y-5">
      <SelectField
        label="State"
        name="state"
        value={item.state}
        disabled={action.isPending}
        onChange={(event) => action.mutate({ kind: 'change', state: event.target.value as CaseState })}
      >
        {caseStateSchema.options.map((state) => (
          <option key={state} value={state}>
            {agentStateLabels[state]}
          </option>
        ))}
      </SelectField>
      <div className="space-y-2">
        <p className="text-slate-700">
          Assigned to: <strong>{item.assignee?.name ?? 'nobody'}</strong>
        </p>
        <div className="flex flex-wrap gap-2">
          {assignedToMe ? null : (
            <button
              type="button"
              className={buttonClass('secondary', 'small')}
              onClick={() => action.mutate({ kind: 'change', assignee: 'me' })}
            >
              Assign to me
            </button>
          )}
          {item.assignee ? (
            <button
              type="button"
              className={buttonClass('secondary', 'small')}
              onClick={() => action.mutate({ kind: 'change', assignee: null })}
            >
              Unassign
            </button>
          ) : null}
        </div>
      </div>
      <dl className="space-y-2 text-sm">
        <div>
          <dt className="font-semibold text-slate-900">From</dt>
          <dd className="break-all text-slate-700">
            {item.requester.name} &lt;{item.requester.email}&gt;{' '}
            {item.requester.userId ? (
              <Link className="link" to={`/admin/users?q=${encodeURIComponent(item.requester.email)}`}>
                (account)
              </Link>
            ) : (
              '(guest)'
            )}
          </dd>
        </div>
        {item.firstRepliedAt ? null : (
          <div>
            <dt className="font-semibold text-slate-900">First reply due</dt>
            <dd className={item.overdue ? 'font-semibold text-red-700' : 'text-slate-700'}>
              {formatDateTime(item.firstReplyDueAt)}
              {item.overdue ? ' — overdue' : ''}
            </dd>
          </div>
        )}
        {item.order ? (
          <div>
            <dt className="font-semibold text-slate-900">Order</dt>
            <dd>
              <Link className="link" to={`/admin/orders?q=${encodeURIComponent(item.order.reference)}`}>
                {item.order.reference}
              </Link>
            </dd>
          </div>
        ) : null}
        {item.event ? (
          <div>
            <dt className="font-semibold text-slate-900">Event</dt>
            <dd>
              <a className="link" href={`/event/${item.event.id}`}>
                {item.event.title}
              </a>
            </dd>
          </div>
        ) : null}
        {item.organisation ? (
          <div>
            <dt className="font-semibold text-slate-900">Organisation</dt>
            <dd>
              <Link className="link" to={`/admin/organisers/${item.organisation.id}`}>
                {item.organisation.name}
              </Link>
            </dd>
          </div>
        ) : null}
      </dl>
      <section aria-labelledby="history-title">
        <h2 id="history-title" className="font-semibold text-slate-900">
          History
        </h2>
        <ol className="mt-2 space-y-1 text-slate-700 text-sm">
          {item.history.map((entry) => (
            <li key={`${entry.createdAt}-${entry.action}`}>
              <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt, { withYear: false })}</time> · {entry.actor}{' '}
              {entry.action}
              {entry.detail ? ` (${entry.detail})` : ''}
            </li>
          ))}
        </ol>
      </section>
    </aside>
  );
}

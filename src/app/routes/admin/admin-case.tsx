import { useState } from 'react';
import { Link, type LoaderFunctionArgs, useParams } from 'react-router';
import { notFound } from '#app/not-found-response.ts';
import { PageMeta } from '#app/page-meta.tsx';
import type { RouteContext } from '#app/route-context.ts';
import { FormAlert } from '#components/fields/form-alert.tsx';
import { isUuid } from '#contract/ids.ts';
import { accessQueryOptions } from '#features/admin/api/get-access.ts';
import { useAgentCase, useAgentCaseFiles } from '#features/help-desk/api/agent-calls.ts';
import { AgentCaseSide } from '#features/help-desk/components/agent-case-side.tsx';
import { AgentReplyForm } from '#features/help-desk/components/agent-reply-form.tsx';
import { CaseFiles } from '#features/help-desk/components/case-files.tsx';
import { CaseThread } from '#features/help-desk/components/case-thread.tsx';

export function createLoader({ queryClient, api }: RouteContext) {
  return async ({ params }: LoaderFunctionArgs) => {
    if (!isUuid(params.caseId)) throw notFound();
    // The admin menu lists the pages the administrator's groups allow.
    await queryClient.prefetchQuery(accessQueryOptions(api));
    return null;
  };
}

export function Component() {
  const { caseId = '' } = useParams();
  const found = useAgentCase(caseId);
  const [agentsOnly, setAgentsOnly] = useState(false);
  const files = useAgentCaseFiles(caseId, agentsOnly);
  const item = found.data;
  return (
    <div className="space-y-5">
      <PageMeta title={item ? `${item.reference} · Cases` : 'Case'} description="A help desk case." noIndex />
      <nav aria-label="Breadcrumb" className="text-sm">
        <Link to="/admin/cases" className="link">
          Cases
        </Link>
      </nav>
      {found.isError ? <FormAlert>This case was not found.</FormAlert> : null}
      {found.isPending ? <p className="text-slate-600">Loading the case…</p> : null}
      {item ? (
        <div className="grid gap-6 lg:grid-cols-3">
          <div className="space-y-5 lg:col-span-2">
            <header>
              <p className="font-semibold text-indigo-700 text-sm">
                {item.reference} · {item.categoryTitle}
              </p>
              <h1 className="break-words font-bold text-2xl text-slate-900">{item.subject}</h1>
            </header>
            <CaseThread messages={item.messages} />
            <CaseFiles
              files={item.attachments}
              canAttach={item.state !== 'closed'}
              upload={files.upload}
              link={files.link}
              attachOptions={
                <label className="mb-2 flex min-h-11 items-center gap-2 text-sm">
                  <input type="checkbox" checked={agentsOnly} onChange={(event) => setAgentsOnly(event.target.checked)} />
                  Agents only (never shown or sent to the customer)
                </label>
              }
            />
            {item.state === 'closed' ? (
              <FormAlert tone="info">This case is closed. Change its state to reply.</FormAlert>
            ) : (
              <AgentReplyForm caseId={item.id} />
            )}
          </div>
          <AgentCaseSide item={item} />
        </div>
      ) : null}
    </div>
  );
}

import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { PageMeta } from '#app/page-meta.tsx';
import { buttonClass } from '#components/button.ts';
import { FormAlert } from '#components/fields/form-alert.tsx';
import { errorEnvelope } from '#components/fields/form-errors.ts';
import { isUuid } from '#contract/ids.ts';
import { useCustomerCase, useOpenCaseLink } from '#features/help-desk/api/case-calls.ts';
import { CustomerCaseView } from '#features/help-desk/components/customer-case-view.tsx';
import { keepCaseAccess } from '#features/help-desk/utils/case-access.ts';
import { useHydrated } from '#lib/use-hydrated.ts';

function Problem({ message }: { message: string }) {
  return (
    <div className="space-y-4">
      <FormAlert>{message}</FormAlert>
      <Link to="/help-desk/check-status" className={buttonClass('primary')}>
        Email me a new link
      </Link>
    </div>
  );
}

/**
 * A case opened from a mailed link (`?token=`: used once, here, then dropped from the address) or by its owner
 * (`?case=`, with their session or the access this tab got from the link). Rendered in the browser only.
 */
export function Component() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const token = params.get('token');
  const caseParam = params.get('case');
  const [caseId, setCaseId] = useState<string | null>(isUuid(caseParam) ? caseParam : null);
  const open = useOpenCaseLink();
  const opening = useRef(false);

  useEffect(() => {
    if (!hydrated || !token || opening.current) return;
    opening.current = true;
    open.mutate(token, {
      onSuccess: (access) => {
        keepCaseAccess(access.caseId, access.accessKey);
        setCaseId(access.caseId);
        navigate(`/help-desk/case-details?case=${access.caseId}`, { replace: true });
      },
    });
  }, [hydrated, token, open, navigate]);

  const found = useCustomerCase(hydrated ? caseId : null);
  let body = <p className="text-slate-600">Opening your case…</p>;
  if (open.isError) body = <Problem message={errorEnvelope(open.error)?.message ?? 'This link could not be opened.'} />;
  else if (!token && !caseId) body = <Problem message="Open your case from the link in our email, or ask for a new link." />;
  else if (found.isError)
    body = <Problem message="This case could not be found, or this browser cannot open it. Ask for a new link by email." />;
  else if (found.data) body = <CustomerCaseView item={found.data} />;

  return (
    <div className="mx-auto max-w-2xl space-y-6">
      <PageMeta title="Your case" description="Follow and answer your help desk case." noIndex />
      <nav aria-label="Breadcrumb" className="text-sm">
        <Link to="/help-desk" className="link">
          Help desk
        </Link>
      </nav>
      {body}
    </div>
  );
}

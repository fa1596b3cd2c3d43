import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { PageMeta } from '#app/page-meta.tsx';
import type { RouteContext } from '#app/route-context.ts';
import { buttonClass } from '#components/button.ts';
import { DevMailboxNote } from '#components/dev-mailbox-note.tsx';
import { FormAlert } from '#components/fields/form-alert.tsx';
import type { RaisedCase } from '#contract/help-cases.ts';
import { attachAll } from '#features/help-desk/api/case-calls.ts';
import { helpCategoriesQueryOptions, useHelpCategories } from '#features/help-desk/api/get-help-categories.ts';
import { ConfirmCaseCodeForm } from '#features/help-desk/components/confirm-case-code-form.tsx';
import { RaiseCaseForm } from '#features/help-desk/components/raise-case-form.tsx';
import {
  heldCaseFiles,
  holdCaseFiles,
  type RaisedStep,
  raisedStepIn,
  raisedStepState,
  releaseCaseFiles,
} from '#features/help-desk/utils/raised-case-step.ts';
import { useApiCaller } from '#lib/api-caller.tsx';
import { useRouteSession } from '#lib/session/session-context.tsx';
import { useHydrated } from '#lib/use-hydrated.ts';

export function createLoader({ queryClient, api }: RouteContext) {
  return async () => {
    await queryClient.ensureQueryData(helpCategoriesQueryOptions(api));
    return null;
  };
}

/** A signed-in person's case is open at once: the files chosen with it are attached now. */
function AttachingFiles({ caseId, reference, files }: { caseId: string; reference: string; files: File[] }) {
  const api = useApiCaller();
  const started = useRef(false);
  const [problems, setProblems] = useState<string[] | null>(files.length ? null : []);
  useEffect(() => {
    if (started.current || files.length === 0) return;
    started.current = true;
    releaseCaseFiles(reference);
    void attachAll(api, caseId, files).then(setProblems);
  }, [api, caseId, reference, files]);
  if (files.length === 0) return null;
  if (problems === null) return <p className="text-slate-600">Attaching your files…</p>;
  if (problems.length === 0) return <FormAlert tone="success">Your files are attached.</FormAlert>;
  return <FormAlert>Some files were not attached. {problems.join(' ')} You can attach files on your case page.</FormAlert>;
}

function Raised({ step }: { step: RaisedStep }) {
  // The files chosen with the case, while this page holds them: a reload or a return from another site lost them.
  const [files] = useState(() => heldCaseFiles(step.reference));
  if (step.caseId) {
    return (
      <div className="space-y-4">
        <FormAlert tone="success">
          Case <strong>{step.reference}</strong> is open and we have emailed you a copy.{' '}
          <Link className="link" to={`/help-desk/case-details?case=${step.caseId}`}>
            Follow your case
          </Link>
        </FormAlert>
        <AttachingFiles caseId={step.caseId} reference={step.reference} files={files ?? []} />
      </div>
    );
  }
  const lostFiles = files === null ? step.fileCount : 0;
  return (
    <div className="space-y-5">
      <FormAlert tone="success">
        Check your email. We sent a 6-digit code to <strong>{step.email}</strong>: enter it here to confirm your address, and your
        case <strong>{step.reference}</strong> goes to our team. Keep the reference to check on it later.
      </FormAlert>
      {lostFiles ? (
        <FormAlert tone="info">
          {lostFiles === 1 ? 'The file you chose was' : 'The files you chose were'} not kept when this page was left: attach{' '}
          {lostFiles === 1 ? 'it' : 'them'} on your case page once it is open.
        </FormAlert>
      ) : null}
      <ConfirmCaseCodeForm reference={step.reference} email={step.email} files={files ?? []} />
      <DevMailboxNote what="the code" />
      <p className="text-slate-600 text-sm">
        No email after a few minutes? Look in your spam folder. The button in the same email opens your case too.
      </p>
      <Link to="/help-desk" className={buttonClass('secondary')}>
        Back to the help desk
      </Link>
    </div>
  );
}

export function Component() {
  const [searchParams] = useSearchParams();
  const { signedIn } = useRouteSession();
  const { data: categories } = useHelpCategories();
  const location = useLocation();
  const navigate = useNavigate();
  // Read once the page runs: the server knows no history entry and renders the form.
  const step = useHydrated() ? raisedStepIn(location.state) : null;
  const showStep = (raised: RaisedCase, email: string, files: File[]) => {
    holdCaseFiles(raised.reference, files);
    navigate(
      { search: location.search },
      { replace: true, state: raisedStepState({ ...raised, email, fileCount: files.length }) },
    );
  };
  return (
    <div className="mx-auto max-w-2xl space-y-6">
      <PageMeta title="Raise a case" description="Ask the Admit help desk; a person will answer by email." noIndex />
      <nav aria-label="Breadcrumb" className="text-sm">
        <Link to="/help-desk" className="link">
          Help desk
        </Link>
      </nav>
      <header className="space-y-2">
        <h1 className="font-extrabold text-3xl text-slate-900">Raise a case</h1>
        <p className="text-slate-700">Tell us what happened and a person from our team will answer by email.</p>
      </header>
      {step ? (
        <Raised key={step.reference} step={step} />
      ) : (
        <RaiseCaseForm
          categories={categories}
          initialCategory={searchParams.get('category') ?? ''}
          signedIn={signedIn}
          onRaised={showStep}
        />
      )}
    </div>
  );
}

import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { buttonClass } from '../../components/button.ts';
import { DevMailboxNote } from '../../components/dev-mailbox-note.tsx';
import { FormAlert } from '../../components/fields/form-alert.tsx';
import type { RaisedCase } from '../../contract/help-cases.ts';
import { attachAll } from '../../features/help-desk/api/case-calls.ts';
import { helpCategoriesQueryOptions, useHelpCategories } from '../../features/help-desk/api/get-help-categories.ts';
import { ConfirmCaseCodeForm } from '../../features/help-desk/components/confirm-case-code-form.tsx';
import { RaiseCaseForm } from '../../features/help-desk/components/raise-case-form.tsx';
import { useApiCaller } from '../../lib/api-caller.tsx';
import { useRouteSession } from '../../lib/session/session-context.tsx';
import { PageMeta } from '../page-meta.tsx';
import type { RouteContext } from '../routes.tsx';

export function createLoader({ queryClient, api }: RouteContext) {
  return async () => {
    await queryClient.ensureQueryData(helpCategoriesQueryOptions(api));
    return null;
  };
}

/** A signed-in person's case is open at once: the files chosen with it are attached now. */
function AttachingFiles({ caseId, files }: { caseId: string; files: File[] }) {
  const api = useApiCaller();
  const started = useRef(false);
  const [problems, setProblems] = useState<string[] | null>(files.length ? null : []);
  useEffect(() => {
    if (started.current || files.length === 0) return;
    started.current = true;
    void attachAll(api, caseId, files).then(setProblems);
  }, [api, caseId, files]);
  if (files.length === 0) return null;
  if (problems === null) return <p className="text-slate-600">Attaching your files…</p>;
  if (problems.length === 0) return <FormAlert tone="success">Your files are attached.</FormAlert>;
  return <FormAlert>Some files were not attached. {problems.join(' ')} You can attach files on your case page.</FormAlert>;
}

function Raised({ raised, email, files }: { raised: RaisedCase; email: string; files: File[] }) {
  if (raised.caseId) {
    return (
      <div className="space-y-4">
        <FormAlert tone="success">
          Case <strong>{raised.reference}</strong> is open and we have emailed you a copy.{' '}
          <Link className="link" to={`/help-desk/case-details?case=${raised.caseId}`}>
            Follow your case
          </Link>
        </FormAlert>
        <AttachingFiles caseId={raised.caseId} files={files} />
      </div>
    );
  }
  return (
    <div className="space-y-5">
      <FormAlert tone="success">
        Check your email. We sent a 6-digit code to <strong>{email}</strong>: enter it here to confirm your address, and your case{' '}
        <strong>{raised.reference}</strong> goes to our team. Keep the reference to check on it later.
      </FormAlert>
      <ConfirmCaseCodeForm reference={raised.reference} email={email} files={files} />
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
  const [raised, setRaised] = useState<{ raised: RaisedCase; email: string; files: File[] } | null>(null);
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
      {raised ? (
        <Raised raised={raised.raised} email={raised.email} files={raised.files} />
      ) : (
        <RaiseCaseForm
          categories={categories}
          initialCategory={searchParams.get('category') ?? ''}
          signedIn={signedIn}
          onRaised={(result, email, files) => setRaised({ raised: result, email, files })}
        />
      )}
    </div>
  );
}

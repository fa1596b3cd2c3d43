import { Link } from 'react-router';
import { PageMeta } from '#app/page-meta.tsx';
import { CheckStatusForm } from '#features/help-desk/components/check-status-form.tsx';
import { MyCases } from '#features/help-desk/components/my-cases.tsx';
import { useRouteSession } from '#lib/session/session-context.tsx';
import { useHydrated } from '#lib/use-hydrated.ts';

export function Component() {
  const { signedIn } = useRouteSession();
  const hydrated = useHydrated();
  return (
    <div className="mx-auto max-w-2xl space-y-6">
      <PageMeta title="Check a case" description="Get a link to your help desk case by email." noIndex />
      <nav aria-label="Breadcrumb" className="text-sm">
        <Link to="/help-desk" className="link">
          Help desk
        </Link>
      </nav>
      <header className="space-y-2">
        <h1 className="font-extrabold text-3xl text-slate-900">Check a case</h1>
        <p className="text-slate-700">
          Enter your case reference and the email you raised it with, and we will email you a link to follow and answer it.
        </p>
      </header>
      {signedIn && hydrated ? <MyCases /> : null}
      <CheckStatusForm />
    </div>
  );
}

import { serverFieldErrors, serverMessage } from '#components/fields/form-errors.ts';
import { SIGN_IN_AGAIN } from '#contract/admin-sales.ts';

/** Where "Sign in again" leads: the sign-in page, back to this page afterwards. */
export function signInAgainHref(): string {
  const here = typeof window === 'undefined' ? '/admin' : `${window.location.pathname}${window.location.search}`;
  return `/sign-in?${new URLSearchParams({ redirect: here }).toString()}`;
}

/**
 * Why an admin action was refused, in words; when the sign-in is too old for a sensitive action, with a link to sign
 * in again (the page comes back afterwards).
 */
export function ActionProblem({ failure }: { failure: unknown }) {
  const message = serverMessage(failure);
  if (serverFieldErrors(failure).auth !== SIGN_IN_AGAIN) return <>{message}</>;
  return (
    <>
      {message}{' '}
      <a href={signInAgainHref()} className="font-semibold underline">
        Sign in again
      </a>
    </>
  );
}

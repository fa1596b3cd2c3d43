import { isRouteErrorResponse, useRouteError } from 'react-router';
import { Forbidden } from './forbidden.tsx';
import { NotFound } from './not-found.tsx';

/**
 * The error element of every page: a 404 stays inside the page's layout; anything else is
 * passed up to the app's full-page error boundary.
 */
export function RouteError() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  if (isRouteErrorResponse(error) && error.status === 403) return <Forbidden />;
  throw error;
}

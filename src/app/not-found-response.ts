import { data } from 'react-router';

/** Thrown from a loader when the URL names nothing: the router shows the 404 page with status 404. */
export const notFound = () => data('Page Not Found', { status: 404 });

/** Thrown by a guard when the visitor is signed in but not allowed here. */
export const forbidden = () => data('Forbidden', { status: 403 });

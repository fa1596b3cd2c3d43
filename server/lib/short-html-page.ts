/** Characters that would end an attribute or start markup in the page's text. */
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

export interface ShortPage {
  title: string;
  sentence: string;
  /** The browser opens the same address again after this many seconds (no script needed, so no CSP nonce). */
  refreshSeconds?: number;
}

/**
 * The small page the web tier answers with when it cannot render the app: a person reads one sentence and
 * has a way on. It carries no script and nothing of the visitor, so it needs no per-request secret.
 */
export function shortHtmlPage({ title, sentence, refreshSeconds }: ShortPage): string {
  const refresh = refreshSeconds ? `<meta http-equiv="refresh" content="${refreshSeconds}">` : '';
  const again = refreshSeconds
    ? `<p>This page tries again by itself in ${refreshSeconds} seconds, or <a href="">try again now</a>.</p>`
    : '';
  return `<!doctype html><html lang="en-GB"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">${refresh}<title>${escapeHtml(title)} · Admit</title></head><body style="font-family:system-ui,sans-serif;display:grid;place-items:center;min-height:100vh;margin:0;background:#f8fafc"><main style="max-width:28rem;padding:2rem;text-align:center"><h1>${escapeHtml(title)}</h1><p>${escapeHtml(sentence)}</p>${again}<p><a href="/">Go to the home page</a></p></main></body></html>`;
}

/** The policy for a short page: it loads nothing and runs nothing, only its own inline styles. */
export const shortPagePolicy =
  "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

// The JavaScript a browser fetches before / is interactive: the entry module and every modulepreload, gzipped.
// A page that asks for its code once it has painted (decision 079) names them in its boot script instead.
import { gunzipSync, gzipSync } from 'node:zlib';
import { rawGet } from './http-util.ts';

export const jsBudgetGoalKb = 120;

export interface JsFile {
  path: string;
  rawBytes: number;
  gzipBytes: number;
  /** 'served' when the server sent gzip; 'gzip -9 locally' when it sent the bytes uncompressed. */
  source: 'served' | 'gzip -9 locally';
}

export interface JsBudgetResult {
  entry: string;
  files: JsFile[];
  totalGzipBytes: number;
  totalGzipKb: number;
  goalKb: number;
  withinGoal: boolean;
}

function attributes(tag: string): Map<string, string> {
  const found = new Map<string, string>();
  for (const match of tag.matchAll(/([^\s"'<>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g)) {
    const [, name, doubleQuoted, singleQuoted, bare] = match;
    if (name) found.set(name.toLowerCase(), doubleQuoted ?? singleQuoted ?? bare ?? '');
  }
  return found;
}

/** What Admit's boot script asks for once the page has painted (`{"entry":…,"modules":[…]}`), when it does. */
function startInBootScript(html: string): { entry: string; modules: string[] } | null {
  const found = /\{"entry":"[^"]*","modules":\[[^\]]*\]\}/.exec(html)?.[0];
  return found ? (JSON.parse(found) as { entry: string; modules: string[] }) : null;
}

/** The entry module script first, then each modulepreload, without duplicates. */
export function scriptsBeforeInteractive(html: string): { entry: string; urls: string[] } {
  const start = startInBootScript(html);
  let entry = start?.entry ?? '';
  const preloads: string[] = [...(start?.modules ?? [])];
  for (const [tag, name] of html.matchAll(/<(script|link)\b[^>]*>/gi)) {
    const attrs = attributes(tag.slice(name ? name.length + 1 : 0));
    if (name?.toLowerCase() === 'script' && attrs.get('type') === 'module' && attrs.get('src') && !entry) {
      entry = attrs.get('src') ?? '';
    }
    const rel = attrs.get('rel')?.toLowerCase().split(/\s+/) ?? [];
    const href = attrs.get('href');
    if (name?.toLowerCase() === 'link' && rel.includes('modulepreload') && href) preloads.push(href);
  }
  if (!entry) throw new Error('the HTML of / has no <script type="module" src=…> and no entry in its boot script');
  return { entry, urls: [...new Set([entry, ...preloads])] };
}

/** `headers` go with the page's request only (e.g. a signed-in visitor's Cookie). */
export async function measureJsBudget(
  baseUrl: string,
  path = '/',
  headers: Record<string, string> = {},
): Promise<JsBudgetResult> {
  const page = await rawGet(`${baseUrl}${path}`, headers);
  if (page.status !== 200 || page.headers['content-encoding']) {
    throw new Error(`GET ${path} answered ${page.status} ${page.headers['content-encoding'] ?? ''}; expected plain 200`);
  }
  const { entry, urls } = scriptsBeforeInteractive(page.body.toString('utf8'));
  const files: JsFile[] = [];
  for (const href of urls) {
    const url = new URL(href, `${baseUrl}/`);
    if (url.origin !== baseUrl) throw new Error(`script ${href} is not served by the app itself`);
    const response = await rawGet(url.href, { 'accept-encoding': 'gzip' });
    if (response.status !== 200) throw new Error(`GET ${url.pathname} answered ${response.status}`);
    const encoding = response.headers['content-encoding'];
    if (encoding === 'gzip') {
      files.push({
        path: url.pathname,
        rawBytes: gunzipSync(response.body).length,
        gzipBytes: response.body.length,
        source: 'served',
      });
    } else if (!encoding || encoding === 'identity') {
      const gzipBytes = gzipSync(response.body, { level: 9 }).length;
      files.push({ path: url.pathname, rawBytes: response.body.length, gzipBytes, source: 'gzip -9 locally' });
    } else {
      throw new Error(`GET ${url.pathname} with accept-encoding gzip answered content-encoding ${encoding}`);
    }
  }
  const totalGzipBytes = files.reduce((sum, file) => sum + file.gzipBytes, 0);
  const totalGzipKb = totalGzipBytes / 1000;
  return {
    entry: new URL(entry, `${baseUrl}/`).pathname,
    files,
    totalGzipBytes,
    totalGzipKb,
    goalKb: jsBudgetGoalKb,
    withinGoal: totalGzipKb <= jsBudgetGoalKb,
  };
}

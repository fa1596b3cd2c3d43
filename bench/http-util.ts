// Plain HTTP helpers on node:http, which (unlike fetch) hands back the body exactly as it was sent.
import { type IncomingHttpHeaders, request } from 'node:http';

export interface RawResponse {
  status: number;
  headers: IncomingHttpHeaders;
  /** The body bytes as transferred, still content-encoded. */
  body: Buffer;
}

/** GET over a fresh connection; only 127.0.0.1 is allowed. */
export function rawGet(url: string, headers: Record<string, string> = {}, timeoutMs = 5000): Promise<RawResponse> {
  if (new URL(url).hostname !== '127.0.0.1') return Promise.reject(new Error(`refusing to fetch ${url}: not 127.0.0.1`));
  return new Promise((resolve, reject) => {
    const req = request(url, { method: 'GET', headers, agent: false, timeout: timeoutMs }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('timeout', () => req.destroy(new Error(`no answer within ${timeoutMs} ms from ${url}`)));
    req.on('error', reject);
    req.end();
  });
}

export const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? Number.NaN) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};

/** The p-th percentile (0–100) of the values, nearest rank. */
export const percentile = (values: number[], p: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};

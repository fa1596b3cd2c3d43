// Throughput with autocannon: the streamed SSR page against the same server's static entry asset.
import autocannon from 'autocannon';
import { rawGet } from './http-util.ts';

export const connections = 16;
export const warmUpSeconds = 2;

export interface LoadResult {
  url: string;
  headers: Record<string, string>;
  durationS: number;
  p50Ms: number;
  p99Ms: number;
  requestsPerSec: number;
  requests: number;
  non2xx: number;
  errors: number;
  timeouts: number;
}

async function cannon(url: string, headers: Record<string, string>, duration: number) {
  return autocannon({ url, connections, duration, headers });
}

/** A 2 s warm-up, then the measured run. */
export async function measureLoad(url: string, headers: Record<string, string>, durationS: number): Promise<LoadResult> {
  await cannon(url, headers, warmUpSeconds);
  const result = await cannon(url, headers, durationS);
  return {
    url,
    headers,
    durationS: result.duration,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    requestsPerSec: result.requests.average,
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
  };
}

export interface ThroughputResult {
  ssr: LoadResult;
  static: LoadResult & { contentEncoding: string };
  ssrOverStatic: number;
}

export async function measureThroughput(baseUrl: string, entryPath: string, durationS: number): Promise<ThroughputResult> {
  const ssr = await measureLoad(`${baseUrl}/`, {}, durationS);
  const staticUrl = `${baseUrl}${entryPath}`;
  const headers = { 'accept-encoding': 'br' };
  const probe = await rawGet(staticUrl, headers);
  if (probe.status !== 200) throw new Error(`GET ${entryPath} answered ${probe.status}`);
  const staticLoad = await measureLoad(staticUrl, headers, durationS);
  return {
    ssr,
    static: { ...staticLoad, contentEncoding: String(probe.headers['content-encoding'] ?? 'identity') },
    ssrOverStatic: ssr.requestsPerSec / staticLoad.requestsPerSec,
  };
}

/**
 * The log of a local instance, for a person at a terminal: one line per request (`GET /events → 200 in 12 ms`) and one
 * per message, with the time. Pino writes JSON lines into it; a deployment keeps the JSON for its log collector.
 */
export interface LineSink {
  write(line: string): void;
}

const levels: Record<number, string> = { 10: 'trace', 20: 'debug', 30: 'info', 40: 'warn', 50: 'error', 60: 'fatal' };
const plumbing = new Set(['level', 'time', 'pid', 'hostname', 'msg', 'reqId', 'req', 'res', 'responseTime', 'err']);
/** Requests whose completion has not been logged yet; bounded, so a request that never ends cannot grow it. */
const maxOpenRequests = 10_000;

const clock = (time: unknown) => new Date(typeof time === 'number' ? time : Date.now()).toTimeString().slice(0, 8);

function details(entry: Record<string, unknown>): string {
  const rest = Object.entries(entry).filter(([key]) => !plumbing.has(key));
  return rest.length ? ` ${JSON.stringify(Object.fromEntries(rest))}` : '';
}

export function readableLogStream(sink: LineSink = { write: (line) => process.stdout.write(line) }): LineSink {
  const open = new Map<string, string>();
  return {
    write(chunk: string) {
      for (const raw of chunk.split('\n')) {
        if (!raw) continue;
        let entry: Record<string, unknown>;
        try {
          entry = JSON.parse(raw) as Record<string, unknown>;
        } catch {
          sink.write(`${raw}\n`);
          continue;
        }
        const reqId = typeof entry.reqId === 'string' ? entry.reqId : null;
        const req = entry.req as { method?: string; url?: string } | undefined;
        if (entry.msg === 'incoming request' && reqId && req) {
          if (open.size >= maxOpenRequests) open.clear();
          open.set(reqId, `${req.method} ${req.url}`);
          continue;
        }
        const res = entry.res as { statusCode?: number } | undefined;
        if (entry.msg === 'request completed' && reqId) {
          const request = open.get(reqId) ?? 'request';
          open.delete(reqId);
          const ms = typeof entry.responseTime === 'number' ? Math.round(entry.responseTime) : '?';
          sink.write(`${clock(entry.time)}  ${request} → ${res?.statusCode ?? '?'} in ${ms} ms\n`);
          continue;
        }
        const level = levels[entry.level as number] ?? 'info';
        const err = entry.err as { message?: string } | undefined;
        const tag = level === 'info' ? '' : `${level.toUpperCase()} `;
        const where = req?.url ? ` (${req.method} ${req.url})` : '';
        sink.write(
          `${clock(entry.time)}  ${tag}${entry.msg ?? ''}${where}${err?.message ? `: ${err.message}` : ''}${details(entry)}\n`,
        );
      }
    },
  };
}

import underPressure from '@fastify/under-pressure';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ApiEnvelope } from '../../src/contract/envelope.ts';

export interface OverloadSettings {
  /** Off: every request is taken however long it waits (for measuring the difference). */
  enabled: boolean;
  /** Mean event-loop delay over a sample above which new requests are refused. */
  maxEventLoopDelayMs: number;
  /** Share of a sample the event loop was busy (0–1) above which new requests are refused. */
  maxEventLoopUtilization: number;
  /** Heap in use above which new requests are refused, before the process runs out of memory. */
  maxHeapUsedBytes: number;
}

/** How long a refused visitor is asked to wait: a few seconds, long enough for a burst to pass. */
export const retryAfterSeconds = 5;
export const busySentence = 'Admit is very busy right now. Please try again in a few seconds.';

/** Samples are this far apart: a burst is noticed within a quarter of a second, at little cost. */
const sampleIntervalMs = 250;

/** Liveness and readiness answer however busy the process is: an orchestrator must tell busy from dead. */
const alwaysAnswered = (apiBase: string) => new Set([`${apiBase}/health`, `${apiBase}/ready`]);

/**
 * Requests made inside the process (a page's loaders calling the API in-process) belong to a page already
 * taken: refusing them would break that page rather than save work. Only `app.inject` makes such requests.
 */
const madeInProcess = (request: FastifyRequest) => '_lightMyRequest' in request.raw;

export function refuseBusyApiRequest(reply: FastifyReply): ApiEnvelope {
  reply.code(503).header('Retry-After', String(retryAfterSeconds)).header('Cache-Control', 'no-store');
  return { httpStatus: 'SERVICE_UNAVAILABLE', message: busySentence };
}

/**
 * While the event loop lags, is busy nearly all the time or the heap is nearly full, new requests are
 * answered 503 with Retry-After at once instead of queueing behind the ones already taken: the envelope
 * under the API base (everywhere on the API alone), `busyPage` (a short HTML page, its status and headers set)
 * elsewhere.
 */
export async function shedOverload(
  app: FastifyInstance,
  settings: OverloadSettings,
  apiBase: string,
  busyPage?: (reply: FastifyReply) => string,
  /**
   * Settles when the instance has finished starting (the web app loads every page's code once it listens). Until
   * then, and for one sample after, lag is the start's own work, not a burst: only a full heap refuses anyone.
   */
  started: Promise<unknown> = Promise.resolve(),
): Promise<void> {
  if (!settings.enabled) return;
  let lagCounts = false;
  void started.catch(() => undefined).then(() => setTimeout(() => (lagCounts = true), sampleIntervalMs * 2).unref());
  const exempt = alwaysAnswered(apiBase);
  const underApi = (url: string) => url === apiBase || url.startsWith(`${apiBase}/`) || url.startsWith(`${apiBase}?`);
  // under-pressure measures; the hook below decides, as it alone knows which requests must still be answered.
  await app.register(underPressure, {
    sampleInterval: sampleIntervalMs,
    maxEventLoopDelay: settings.maxEventLoopDelayMs,
    maxEventLoopUtilization: settings.maxEventLoopUtilization,
    eventLoopUtilizationMode: 'interval',
    maxHeapUsedBytes: settings.maxHeapUsedBytes,
    pressureHandler: () => undefined,
  });
  // under-pressure counts a sample in which the event loop took no measurement at all (one task held it for the
  // whole quarter second) as an infinite delay: one long task, not overload. Such a sample counts as the interval it
  // lasted, so only lag past the threshold, or a full heap, refuses anyone.
  const overloaded = () => {
    const { eventLoopDelay, heapUsed, eventLoopUtilized } = app.memoryUsage();
    const delay = Number.isFinite(eventLoopDelay) ? eventLoopDelay : sampleIntervalMs;
    return (
      (lagCounts && (delay > settings.maxEventLoopDelayMs || eventLoopUtilized > settings.maxEventLoopUtilization)) ||
      heapUsed > settings.maxHeapUsedBytes
    );
  };
  app.addHook('onRequest', async (request, reply) => {
    if (!overloaded() || madeInProcess(request) || exempt.has(request.url.split('?')[0] ?? '')) return;
    request.log.warn({ pressure: app.memoryUsage() }, 'refused: the server is overloaded');
    if (!busyPage || underApi(request.url)) return reply.send(refuseBusyApiRequest(reply));
    return reply.send(busyPage(reply));
  });
}

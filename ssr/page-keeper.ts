import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** A rendered page that may be handed to any visitor without cookies: what a proxy in front would keep. */
export interface SharedPage {
  status: number;
  html: string;
  /** Headers the page was answered with (its policy with script hashes, Cache-Control, Vary, …). */
  headers: Record<string, string>;
}

export interface PageKeeperSettings {
  /** Seconds one instance hands the same copy to visitors without cookies; 0: every request renders. */
  seconds: number;
  /** Copies kept at most (the least recently asked for goes first): a bound on memory however many addresses. */
  maxPages: number;
}

interface Kept {
  page: SharedPage;
  until: number;
  /** The page compressed once per encoding asked for, not once per visitor. */
  encoded: Map<'br' | 'gzip', Buffer>;
}

type PageHandler = (request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply>;

const encoders = {
  br: (html: string) => brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }),
  gzip: (html: string) => gzipSync(html),
};

function encodingFor(request: FastifyRequest): 'br' | 'gzip' | undefined {
  const accepted = String(request.headers['accept-encoding'] ?? '');
  if (/\bbr\b/.test(accepted)) return 'br';
  if (/\bgzip\b/.test(accepted)) return 'gzip';
  return undefined;
}

/** Only a request that could be answered with a shared copy may take one: a GET or HEAD carrying no cookie at all. */
const mayTakeSharedCopy = (request: FastifyRequest) =>
  (request.method === 'GET' || request.method === 'HEAD') && !request.headers.cookie?.trim();

/**
 * Keeps each public page a visitor without cookies was answered with for a few seconds, and lets visitors who ask
 * for a page while it is being rendered wait for that render instead of starting their own (decision 056). A burst
 * for a public page then costs one render, however many ask; what a proxy would do, inside each instance.
 */
export function createPageKeeper(settings: PageKeeperSettings, now: () => number = Date.now) {
  const kept = new Map<string, Kept>();
  const rendering = new Map<string, Promise<SharedPage | undefined>>();
  /** Addresses whose last answer could not be shared: their visitors do not wait for one another's renders. */
  const unshared = new Map<string, number>();
  const finishers = new WeakMap<FastifyRequest, (page: SharedPage | undefined) => void>();

  // The page holds its origin when no public URL is configured: a copy serves only the scheme and host it was made for.
  const keyOf = (request: FastifyRequest) => `${request.protocol}://${request.host} ${request.url}`;

  function fresh(key: string): Kept | undefined {
    const entry = kept.get(key);
    if (!entry) return undefined;
    if (entry.until <= now()) {
      kept.delete(key);
      return undefined;
    }
    // Map order is recency: asked for again, it moves to the end and goes last.
    kept.delete(key);
    kept.set(key, entry);
    return entry;
  }

  function keep(key: string, page: SharedPage): Kept {
    const entry: Kept = { page, until: now() + settings.seconds * 1000, encoded: new Map() };
    kept.delete(key);
    kept.set(key, entry);
    while (kept.size > settings.maxPages) kept.delete(kept.keys().next().value as string);
    return entry;
  }

  function remember(key: string): void {
    unshared.delete(key);
    unshared.set(key, now() + settings.seconds * 1000);
    while (unshared.size > settings.maxPages) unshared.delete(unshared.keys().next().value as string);
  }

  function answer(request: FastifyRequest, reply: FastifyReply, entry: Kept): FastifyReply {
    reply.code(entry.page.status).headers(entry.page.headers);
    const encoding = encodingFor(request);
    if (!encoding) return reply.send(entry.page.html);
    let body = entry.encoded.get(encoding);
    if (!body) {
      body = encoders[encoding](entry.page.html);
      entry.encoded.set(encoding, body);
    }
    const vary = reply.getHeader('Vary');
    return reply
      .header('Vary', vary ? `${String(vary)}, Accept-Encoding` : 'Accept-Encoding')
      .header('Content-Encoding', encoding)
      .header('Content-Length', body.length)
      .send(body);
  }

  return {
    get size() {
      return kept.size;
    },
    /** Called by the renderer with the shared page it is about to answer this request with. */
    rendered(request: FastifyRequest, page: SharedPage): void {
      finishers.get(request)?.(page);
    },
    /** Wraps the page handler: a kept copy, or the render already under way, answers before the handler is asked. */
    wrap(render: PageHandler): PageHandler {
      if (settings.seconds <= 0) return render;
      return async (request, reply) => {
        if (!mayTakeSharedCopy(request)) return render(request, reply);
        const key = keyOf(request);
        const entry = fresh(key);
        if (entry) return answer(request, reply, entry);
        if ((unshared.get(key) ?? 0) > now()) return render(request, reply);
        const underWay = rendering.get(key);
        if (underWay) {
          const page = await underWay;
          const copy = page ? fresh(key) : undefined;
          // Not shareable after all (a private answer, an error): this visitor gets a render of their own.
          return copy ? answer(request, reply, copy) : render(request, reply);
        }
        let finish!: (page: SharedPage | undefined) => void;
        const promise = new Promise<SharedPage | undefined>((resolve) => {
          finish = (page) => {
            if (rendering.get(key) === promise) rendering.delete(key);
            if (page) keep(key, page);
            else remember(key);
            resolve(page);
          };
        });
        rendering.set(key, promise);
        finishers.set(request, (page) => {
          finishers.delete(request);
          finish(page);
        });
        try {
          return await render(request, reply);
        } finally {
          finishers.get(request)?.(undefined);
        }
      };
    },
  };
}

export type PageKeeper = ReturnType<typeof createPageKeeper>;

import type { FastifyReply, FastifyRequest } from 'fastify';
import { shortHtmlPage, shortPagePolicy } from '../server/lib/short-html-page.ts';
import { busySentence, retryAfterSeconds } from '../server/plugins/overload.ts';
import type { RenderGate } from './render-gate.ts';

const busyHtml = shortHtmlPage({ title: 'Admit is very busy', sentence: busySentence, refreshSeconds: retryAfterSeconds });

/** Sets a refused page's status and headers and gives its body: a person reads why and the page tries again. */
export function busyPage(reply: FastifyReply): string {
  reply
    .code(503)
    .header('Retry-After', String(retryAfterSeconds))
    .header('Content-Type', 'text/html; charset=utf-8')
    .header('Cache-Control', 'no-store')
    .header('Content-Security-Policy', shortPagePolicy);
  return busyHtml;
}

type PageHandler = (request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply>;

/**
 * A page renders once the gate gives it a place, which it holds until its answer has gone (or the visitor
 * left); a page the gate refuses is answered with the busy page at once.
 */
export const gatePageRenders =
  (gate: RenderGate) =>
  (render: PageHandler): PageHandler =>
  async (request, reply) => {
    const gone = new AbortController();
    const leave = () => gone.abort();
    reply.raw.once('close', leave);
    const release = await gate.enter(gone.signal);
    reply.raw.off('close', leave);
    if (!release) return reply.send(busyPage(reply));
    // 'finish' when the answer has gone, 'close' when the visitor left first (or a test's injected answer ends).
    reply.raw.once('finish', release);
    reply.raw.once('close', release);
    try {
      return await render(request, reply);
    } catch (error) {
      release();
      throw error;
    }
  };

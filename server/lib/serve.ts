import type { FastifyInstance } from 'fastify';

/** Connections the kernel holds before the server accepts them; Linux caps it at net.core.somaxconn (4096 by default). */
export const listenBacklog = 2048;

/** Listens; a promise left failing is logged, not fatal; on SIGTERM or SIGINT stops taking connections, finishes in-flight requests and closes. */
export async function serve(app: FastifyInstance, port: number, host: string, onClose: () => Promise<void>): Promise<string> {
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const forced = setTimeout(() => process.exit(1), 10_000);
    forced.unref();
    await app.close();
    await onClose();
    process.exit(0);
  };
  // A promise one request left failing must not stop the process for everyone else: it is logged, by its name,
  // message and stack only (what it carried may hold a visitor's data), and the process goes on.
  process.on('unhandledRejection', (reason) => {
    const error = reason instanceof Error ? reason : new Error(String(reason));
    app.log.error({ err: { type: error.name, message: error.message, stack: error.stack } }, 'unhandled promise rejection');
  });
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));
  // A burst of connections waits in the kernel's queue until the server takes it (and answers, if only to refuse),
  // instead of overflowing Node's default of 511 and having its connects dropped and retried after 1, 3, 7… s.
  return app.listen({ port, host, backlog: listenBacklog });
}

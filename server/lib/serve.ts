import type { FastifyInstance } from 'fastify';

/** Listens, and on SIGTERM or SIGINT stops taking connections, finishes in-flight requests and closes. */
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
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));
  return app.listen({ port, host });
}

import type { FastifyInstance } from 'fastify';

/**
 * Listens, announces the URL as the one JSON line child-server.ts waits for, and closes on SIGTERM/SIGINT:
 * what every server the bench spawns beside Locus does once its routes are in place.
 */
export async function serveBenchChild(app: FastifyInstance): Promise<void> {
  await app.listen({ port: Number(process.env.PORT ?? 0), host: process.env.HOST ?? '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  console.log(JSON.stringify({ url: `http://127.0.0.1:${port}` }));
  const stop = () => void app.close().then(() => process.exit(0));
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}

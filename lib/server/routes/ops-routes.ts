import type { ApiDeps } from '../api-deps';
import type { ZodApp } from '../zod-app';

export function opsRoutes(app: ZodApp, deps: ApiDeps): void {
  // GET /healthz — the process answers
  app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }));

  // GET /readyz — the database answers too
  app.get('/readyz', { schema: { hide: true } }, async (_request, reply) => {
    const ready = await deps.isReady().catch(() => false);
    return reply.code(ready ? 200 : 503).send({ status: ready ? 'ready' : 'unavailable' });
  });

  // GET /metrics — Prometheus exposition
  app.get('/metrics', { schema: { hide: true } }, async (_request, reply) =>
    reply.type(deps.metrics.contentType).send(await deps.metrics.metrics()),
  );
}

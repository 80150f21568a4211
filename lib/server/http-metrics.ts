import type { FastifyInstance } from 'fastify';
import { Histogram, type Registry } from 'prom-client';

/** Request latency by route and status, for /metrics. */
export function installHttpMetrics(app: FastifyInstance, registry: Registry): void {
  const histogram = new Histogram({
    name: 'locus_http_request_duration_seconds',
    help: 'HTTP request latency',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [registry],
  });
  app.addHook('onResponse', async (request, reply) => {
    histogram.observe(
      {
        method: request.method,
        route: request.routeOptions.url ?? 'unmatched',
        status: String(reply.statusCode),
      },
      reply.elapsedTime / 1000,
    );
  });
}

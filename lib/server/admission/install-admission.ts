import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../usecases/app-error';
import type { AdmissionConfig } from './admission-config';
import { makeConcurrencyLimits } from './concurrency-limits';
import { processTurns, type EventLoopTurns } from '../../runtime/event-loop-turns';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Assessment and ingestion routes: admitted within the concurrency limits, or refused at once. */
    admission?: boolean;
  }
}

/** A refused request may retry after this long: the limits free up as fast as requests finish. */
const RETRY_AFTER_S = 1;

/**
 * Overload that degrades gracefully: the routes marked `admission` are admitted after authorisation and
 * before their body is read, within a per-tenant (429) and a global (503) in-flight limit. A refusal
 * costs microseconds and carries Retry-After; nothing queues without bound.
 *
 * Admitted requests start one per event-loop turn, before any background work waiting for one
 * (runtime/event-loop-turns.ts). Without that, a synchronous engine
 * (SQLite) runs each request to completion the moment its socket is read: the in-flight count never
 * exceeds one and the real queue — sockets waiting, unread — is invisible and unbounded. Paced, every
 * arrival is counted (and admitted or refused) within one request's work, and the limits bound the
 * wait on both engines.
 */
export function installAdmission(
  app: FastifyInstance,
  config: AdmissionConfig,
  tenantOf: (request: FastifyRequest) => string | null,
  turns: EventLoopTurns = processTurns,
): void {
  const limits = makeConcurrencyLimits(config.concurrency);
  app.addHook('preParsing', async (request, reply, payload) => {
    if (!request.routeOptions.config.admission) return payload;
    const tenantId = tenantOf(request);
    if (tenantId === null) return payload;
    const slot = limits.tryAcquire(tenantId);
    if ('refused' in slot) {
      throw slot.refused === 'tenant'
        ? new AppError('rate_limited', ['too many requests in progress for this tenant'], RETRY_AFTER_S)
        : new AppError('overloaded', ['the service is busy, retry shortly'], RETRY_AFTER_S);
    }
    // 'close' comes once the response is sent or the client went away: the slot is never lost.
    reply.raw.once('close', slot.release);
    await turns.request();
    return payload;
  });
}

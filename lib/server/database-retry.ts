import type { FastifyInstance, RouteHandlerMethod } from 'fastify';
import { isDatabaseUnavailable } from '../db/database-faults';
import type { Executor } from '../db/repositories/executor';
import { runUnitOfWork, tracksCommits } from '../db/unit-of-work';
import { AppError } from '../usecases/app-error';

/** What a client is told to wait before retrying when the database is unavailable. */
export const DATABASE_RETRY_AFTER_S = 2;

/**
 * Every route handler runs as one unit of work: when its database connection dies before anything it
 * wrote was committed (a read, a transaction that never reached COMMIT), it runs once more on a fresh
 * connection. Register before the routes (an `onRoute` hook sees only routes added after it). Only on
 * a database that tracks its commits (PostgreSQL): embedded SQLite loses no connection, and the unit
 * of work's async context would cost every promise of every request.
 */
export function retryOnLostConnection(app: FastifyInstance, db: Executor): void {
  if (!tracksCommits(db)) return;
  app.addHook('onRoute', (route) => {
    const handler = route.handler as RouteHandlerMethod;
    route.handler = function (this: FastifyInstance, request, reply) {
      return runUnitOfWork(
        async () => handler.call(this, request, reply),
        () => !reply.sent,
      );
    };
  });
}

/** The 503 an unavailable database answers (never a 500, never a 2xx), or null for any other error. */
export function databaseUnavailable(error: unknown): AppError | null {
  if (!isDatabaseUnavailable(error)) return null;
  return new AppError(
    'database_unavailable',
    ['the database is unavailable, retry shortly'],
    DATABASE_RETRY_AFTER_S,
  );
}

import { z } from 'zod';
import { AuditItemSchema, UserRefSchema } from '../../../contracts/console/common';
import { OverviewQuerySchema, OverviewSchema } from '../../../contracts/console/overview';
import { AppError } from '../../../usecases/app-error';
import type { ZodApp } from '../../zod-app';
import type { ConsoleContext } from './console-context';
import { consoleCaller } from './console-guard';
import { makeAuditStore } from '../../../db/console/audit-store';
import { loadOverview } from '../../../db/console/overview-store';
import { makeUsersStore } from '../../../db/console/users-store';

const DAY_MS = 86_400_000;

export function consoleOverviewRoutes(app: ZodApp, ctx: ConsoleContext): void {
  // GET /api/console/v1/overview — risk per day, reasons, outcomes, backlog and webhook health (managers)
  app.get(
    '/api/console/v1/overview',
    {
      onRequest: ctx.guard('manager'),
      schema: { tags: ['console'], querystring: OverviewQuerySchema, response: { 200: OverviewSchema } },
    },
    async (request) => {
      const now = ctx.clock.now();
      const to = request.query.to ?? now;
      const from = request.query.from ?? to - 13 * DAY_MS;
      // An inverted range is a mistake to say out loud, not a range of zeros.
      if (from > to) throw new AppError('invalid_request', ['from: must not be after to']);
      return loadOverview(ctx.db, consoleCaller(request).tenantId, from, to, now);
    },
  );

  // GET /api/console/v1/users/assignable — who a case can be handed to
  app.get(
    '/api/console/v1/users/assignable',
    {
      onRequest: ctx.guard('analyst'),
      schema: { tags: ['console'], response: { 200: z.object({ users: z.array(UserRefSchema) }) } },
    },
    async (request) => {
      const users = await makeUsersStore(ctx.db).list(consoleCaller(request).tenantId);
      return {
        users: users.filter((u) => u.disabled_at === null).map((u) => ({ id: u.id, email: u.email })),
      };
    },
  );

  // GET /api/console/v1/audit — the tenant's audit log, newest first (managers)
  app.get(
    '/api/console/v1/audit',
    {
      onRequest: ctx.guard('manager'),
      schema: {
        tags: ['console'],
        querystring: z.object({
          cursor: z.coerce.number().optional(),
          limit: z.coerce.number().int().min(1).max(200).default(50),
        }),
        response: { 200: z.object({ items: z.array(AuditItemSchema), next_cursor: z.string().nullable() }) },
      },
    },
    async (request) => {
      const items = await makeAuditStore(ctx.db).list(consoleCaller(request).tenantId, {
        before: request.query.cursor,
        limit: request.query.limit,
      });
      const last = items[items.length - 1];
      return { items, next_cursor: items.length === request.query.limit && last ? String(last.at) : null };
    },
  );
}

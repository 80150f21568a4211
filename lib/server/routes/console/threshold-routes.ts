import {
  ApplyThresholdsSchema,
  BacktestRequestSchema,
  BacktestSchema,
  ThresholdSettingsSchema,
} from '../../../contracts/console/backtest';
import { makeAuditStore } from '../../../db/console/audit-store';
import { runBacktest } from '../../../db/console/backtest';
import { makeThresholdsStore } from '../../../db/console/thresholds-store';
import { forgetCachedThresholds } from '../../../db/repositories/tenant-thresholds-repo';
import { AppError } from '../../../usecases/app-error';
import type { ZodApp } from '../../zod-app';
import type { ConsoleContext } from './console-context';
import { consoleCaller } from './console-guard';

const DAY_MS = 86_400_000;

export function consoleThresholdRoutes(app: ZodApp, ctx: ConsoleContext): void {
  const thresholds = makeThresholdsStore(ctx.db);
  const audit = makeAuditStore(ctx.db);

  // GET /api/console/v1/thresholds — the thresholds in force for signups and payments (managers)
  app.get(
    '/api/console/v1/thresholds',
    {
      onRequest: ctx.guard('manager'),
      schema: { tags: ['console'], response: { 200: ThresholdSettingsSchema } },
    },
    async (request) => thresholds.settings(consoleCaller(request).tenantId),
  );

  // POST /api/console/v1/backtest — replay stored assessments under other thresholds; changes nothing (managers)
  app.post(
    '/api/console/v1/backtest',
    {
      onRequest: ctx.guard('manager'),
      schema: { tags: ['console'], body: BacktestRequestSchema, response: { 200: BacktestSchema } },
    },
    async (request) => {
      const { tenantId } = consoleCaller(request);
      const to = request.body.to ?? ctx.clock.now();
      const from = request.body.from ?? to - 30 * DAY_MS;
      if (from > to) throw new AppError('invalid_request', ['from: must not be after to']);
      const settings = await thresholds.settings(tenantId);
      const { low, high } = settings[request.body.kind];
      return runBacktest(ctx.db, tenantId, {
        kind: request.body.kind,
        current: { low, high },
        proposed: request.body.thresholds,
        from,
        to,
      });
    },
  );

  // PUT /api/console/v1/thresholds — an admin applies thresholds to new assessments (audited with before/after)
  app.put(
    '/api/console/v1/thresholds',
    {
      onRequest: ctx.guard('admin'),
      schema: { tags: ['console'], body: ApplyThresholdsSchema, response: { 200: ThresholdSettingsSchema } },
    },
    async (request) => {
      const caller = consoleCaller(request);
      const { kind, thresholds: proposed } = request.body;
      const before = (await thresholds.settings(caller.tenantId))[kind];
      const now = ctx.clock.now();
      await thresholds.apply(caller.tenantId, kind, proposed, caller.userId, now);
      forgetCachedThresholds(caller.tenantId);
      await audit.write({
        tenantId: caller.tenantId,
        actorUserId: caller.userId,
        action: 'thresholds_applied',
        subjectType: 'thresholds',
        subjectId: kind,
        before: { low: before.low, high: before.high, source: before.source },
        after: proposed,
        at: now,
      });
      return thresholds.settings(caller.tenantId);
    },
  );
}

import { z } from 'zod';
import {
  SignupDetailSchema,
  SignupListQuerySchema,
  SignupListSchema,
} from '../../../contracts/console/signups';
import { AppError } from '../../../usecases/app-error';
import type { ZodApp } from '../../zod-app';
import type { ConsoleContext } from './console-context';
import { consoleCaller } from './console-guard';
import { loadSignupDetail } from '../../../db/console/signup-detail';
import { listSignupQueue } from '../../../db/console/signup-queue';

const IdParams = z.object({ id: z.string().min(1).max(100) });

export function consoleSignupRoutes(app: ZodApp, ctx: ConsoleContext): void {
  // GET /api/console/v1/signups — the review queue: filtered, counted and paginated in SQL
  app.get(
    '/api/console/v1/signups',
    {
      onRequest: ctx.guard('analyst'),
      schema: { tags: ['console'], querystring: SignupListQuerySchema, response: { 200: SignupListSchema } },
    },
    async (request) => {
      const caller = consoleCaller(request);
      return listSignupQueue(ctx.db, {
        ...request.query,
        tenantId: caller.tenantId,
        callerId: caller.userId,
      });
    },
  );

  // GET /api/console/v1/signups/:id — evidence, history, map data, device, webhooks and audit of one signup
  app.get(
    '/api/console/v1/signups/:id',
    {
      onRequest: ctx.guard('analyst'),
      schema: { tags: ['console'], params: IdParams, response: { 200: SignupDetailSchema } },
    },
    async (request) => {
      const detail = await loadSignupDetail(ctx.db, consoleCaller(request).tenantId, request.params.id);
      if (!detail) throw new AppError('not_found');
      return detail;
    },
  );
}

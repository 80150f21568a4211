import { z } from 'zod';
import {
  PaymentDetailSchema,
  PaymentListQuerySchema,
  PaymentListSchema,
} from '../../../contracts/console/payments';
import { AppError } from '../../../usecases/app-error';
import type { ZodApp } from '../../zod-app';
import type { ConsoleContext } from './console-context';
import { consoleCaller } from './console-guard';
import { loadPaymentDetail } from '../../../db/console/payment-detail';
import { listPaymentQueue } from '../../../db/console/payment-queue';

const IdParams = z.object({ id: z.string().min(1).max(100) });

export function consolePaymentRoutes(app: ZodApp, ctx: ConsoleContext): void {
  // GET /api/console/v1/payments — the step-up review queue of payments and logins
  app.get(
    '/api/console/v1/payments',
    {
      onRequest: ctx.guard('analyst'),
      schema: {
        tags: ['console'],
        querystring: PaymentListQuerySchema,
        response: { 200: PaymentListSchema },
      },
    },
    async (request) => {
      const caller = consoleCaller(request);
      return listPaymentQueue(ctx.db, {
        ...request.query,
        tenantId: caller.tenantId,
        callerId: caller.userId,
      });
    },
  );

  // GET /api/console/v1/payments/:id — one payment with locations, trusted places, store and addresses
  app.get(
    '/api/console/v1/payments/:id',
    {
      onRequest: ctx.guard('analyst'),
      schema: { tags: ['console'], params: IdParams, response: { 200: PaymentDetailSchema } },
    },
    async (request) => {
      const detail = await loadPaymentDetail(ctx.db, consoleCaller(request).tenantId, request.params.id);
      if (!detail) throw new AppError('not_found');
      return detail;
    },
  );
}

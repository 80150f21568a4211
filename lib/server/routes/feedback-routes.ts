import { ErrorsSchema } from '../../contracts/common';
import { FeedbackQuerySchema, FeedbackRequestSchema, FeedbackResponseSchema } from '../../contracts/feedback';
import type { ApiDeps } from '../api-deps';
import { tenantOf } from '../auth/require-scope';
import { isTrueFlag, type RequireScope } from './route-kit';
import type { ZodApp } from '../zod-app';

export function feedbackRoutes(app: ZodApp, deps: ApiDeps, requireScope: RequireScope): void {
  // POST /api/v2/feedbacks — what happened to a signup, payment, login, account or device
  app.post(
    '/api/v2/feedbacks',
    {
      onRequest: requireScope('feedback'),
      config: { admission: true },
      schema: {
        tags: ['feedback'],
        querystring: FeedbackQuerySchema,
        body: FeedbackRequestSchema,
        response: { 200: FeedbackResponseSchema, 400: ErrorsSchema },
      },
    },
    async (request) => {
      const dryRun = isTrueFlag(request.query.dry_run);
      await deps.recordFeedback(
        tenantOf(request),
        request.body,
        { origin: 'api', author: null, comment: null },
        dryRun,
      );
      return {};
    },
  );
}

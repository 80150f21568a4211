import { ErasureRequestSchema, ErasureSummarySchema } from '../../../contracts/subject-data';
import type { ZodApp } from '../../zod-app';
import type { ConsoleContext } from './console-context';
import { consoleCaller } from './console-guard';

export function consoleErasureRoutes(app: ZodApp, ctx: ConsoleContext): void {
  // POST /api/console/v1/erasures — an admin erases one end user of the tenant; the audit log names the admin
  app.post(
    '/api/console/v1/erasures',
    {
      onRequest: ctx.guard('admin'),
      schema: { tags: ['console'], body: ErasureRequestSchema, response: { 200: ErasureSummarySchema } },
    },
    (request) => {
      const caller = consoleCaller(request);
      return ctx.deps.eraseSubject.request(
        { tenantId: caller.tenantId, type: request.body.subject_type, id: request.body.subject_id },
        { requestedBy: `console:${caller.email}`, actorUserId: caller.userId },
      );
    },
  );
}

import { z } from 'zod';
import {
  WebhookAttemptsReplySchema,
  WebhookAttemptViewSchema,
  WebhookConfigReplySchema,
  WebhookConfigRequestSchema,
  WebhookConfigSchema,
} from '../../../contracts/webhook-config';
import type { ZodApp } from '../../zod-app';
import type { ConsoleContext } from './console-context';
import { consoleCaller } from './console-guard';
import { makeAuditStore } from '../../../db/console/audit-store';

/**
 * The admin settings' webhook panel: the same webhook admin service as /api/v2/admin/webhook, reached
 * with the console user's token and role instead of an API client credential.
 */
export function consoleWebhookRoutes(app: ZodApp, ctx: ConsoleContext): void {
  const admin = { onRequest: ctx.guard('admin') };
  const audit = makeAuditStore(ctx.db);
  const tags = ['console'];

  // GET /api/console/v1/webhook — the configuration (404 when none)
  app.get(
    '/api/console/v1/webhook',
    { ...admin, schema: { tags, response: { 200: WebhookConfigSchema, 404: z.string() } } },
    (request) => ctx.deps.webhooks.show(consoleCaller(request).tenantId),
  );

  // PUT /api/console/v1/webhook — URL, event types, header prefix; the secret is in the reply when generated
  app.put(
    '/api/console/v1/webhook',
    {
      ...admin,
      schema: { tags, body: WebhookConfigRequestSchema, response: { 200: WebhookConfigReplySchema } },
    },
    async (request) => {
      const caller = consoleCaller(request);
      const reply = await ctx.deps.webhooks.configure(caller.tenantId, request.body);
      await audit.write({
        tenantId: caller.tenantId,
        actorUserId: caller.userId,
        action: 'webhook_configured',
        subjectType: 'webhook',
        subjectId: null,
        before: null,
        after: { url: reply.url, event_types: reply.event_types, header_prefix: reply.header_prefix },
        at: ctx.clock.now(),
      });
      return reply;
    },
  );

  // POST /api/console/v1/webhook/test — send a signed test event now and report the attempt
  app.post(
    '/api/console/v1/webhook/test',
    { ...admin, schema: { tags, response: { 200: WebhookAttemptViewSchema } } },
    (request) => ctx.deps.webhooks.sendTest(consoleCaller(request).tenantId),
  );

  // GET /api/console/v1/webhook/attempts — the latest delivery attempts
  app.get(
    '/api/console/v1/webhook/attempts',
    { ...admin, schema: { tags, response: { 200: WebhookAttemptsReplySchema } } },
    async (request) => ({
      attempts: await ctx.deps.webhooks.recentAttempts(consoleCaller(request).tenantId, 20),
    }),
  );
}

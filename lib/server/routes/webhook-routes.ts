import { z } from 'zod';
import { ErrorsSchema } from '../../contracts/common';
import {
  WebhookAttemptsQuerySchema,
  WebhookAttemptsReplySchema,
  WebhookAttemptViewSchema,
  WebhookConfigReplySchema,
  WebhookConfigRequestSchema,
  WebhookConfigSchema,
  WebhookRotateReplySchema,
  WebhookRotateRequestSchema,
} from '../../contracts/webhook-config';
import type { ApiDeps } from '../api-deps';
import { tenantOf } from '../auth/require-scope';
import type { RequireScope } from './route-kit';
import type { ZodApp } from '../zod-app';

const tags = ['admin'];
const text = z.string();

/** The tenant's own webhook settings (scope `admin`); docs/WEBHOOKS.md describes each route. */
export function webhookRoutes(app: ZodApp, deps: ApiDeps, requireScope: RequireScope): void {
  const admin = requireScope('admin');

  // GET /api/v2/admin/webhook — the configuration (never the secret)
  app.get(
    '/api/v2/admin/webhook',
    { onRequest: admin, schema: { tags, response: { 200: WebhookConfigSchema, 404: text } } },
    (request) => deps.webhooks.show(tenantOf(request).tenantId),
  );

  // PUT /api/v2/admin/webhook — configure URL, event types, header prefix; the secret is shown on creation only
  app.put(
    '/api/v2/admin/webhook',
    {
      onRequest: admin,
      schema: {
        tags,
        body: WebhookConfigRequestSchema,
        response: { 200: WebhookConfigReplySchema, 400: ErrorsSchema },
      },
    },
    (request) => deps.webhooks.configure(tenantOf(request).tenantId, request.body),
  );

  // DELETE /api/v2/admin/webhook — stop notifying
  app.delete(
    '/api/v2/admin/webhook',
    { onRequest: admin, schema: { tags, response: { 204: z.null(), 404: text } } },
    async (request, reply) => {
      await deps.webhooks.remove(tenantOf(request).tenantId);
      return reply.code(204).send(null);
    },
  );

  // POST /api/v2/admin/webhook/secret — rotate the signing secret, the old one signs during the grace period
  app.post(
    '/api/v2/admin/webhook/secret',
    {
      onRequest: admin,
      schema: {
        tags,
        body: WebhookRotateRequestSchema.optional(),
        response: { 200: WebhookRotateReplySchema, 404: text },
      },
    },
    (request) => {
      const grace = request.body?.grace_seconds;
      return deps.webhooks.rotateSecret(
        tenantOf(request).tenantId,
        grace === undefined ? undefined : grace * 1000,
      );
    },
  );

  // POST /api/v2/admin/webhook/test — send one signed test event now and report the attempt
  app.post(
    '/api/v2/admin/webhook/test',
    { onRequest: admin, schema: { tags, response: { 200: WebhookAttemptViewSchema, 404: text } } },
    (request) => deps.webhooks.sendTest(tenantOf(request).tenantId),
  );

  // GET /api/v2/admin/webhook/attempts — the latest delivery attempts, newest first
  app.get(
    '/api/v2/admin/webhook/attempts',
    {
      onRequest: admin,
      schema: {
        tags,
        querystring: WebhookAttemptsQuerySchema,
        response: { 200: WebhookAttemptsReplySchema },
      },
    },
    async (request) => ({
      attempts: await deps.webhooks.recentAttempts(tenantOf(request).tenantId, request.query.limit),
    }),
  );
}

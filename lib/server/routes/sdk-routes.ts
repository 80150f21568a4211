import { ErrorsSchema } from '../../contracts/common';
import { SdkEventsRequestSchema, SdkEventsResponseSchema } from '../../contracts/sdk-events';
import { AppError } from '../../usecases/app-error';
import type { ApiDeps } from '../api-deps';
import type { ZodApp } from '../zod-app';

export function sdkRoutes(app: ZodApp, deps: ApiDeps): void {
  // POST /api/v2/sdk/events — device facts and location events from the SDK, keyed by the app key
  app.post(
    '/api/v2/sdk/events',
    {
      schema: {
        tags: ['sdk'],
        body: SdkEventsRequestSchema,
        response: { 202: SdkEventsResponseSchema, 400: ErrorsSchema, 401: ErrorsSchema },
      },
    },
    async (request, reply) => {
      const key = request.headers['x-app-key'];
      const tenantId = typeof key === 'string' && key ? await deps.findTenantIdByAppKey(key) : null;
      if (!tenantId) throw new AppError('unauthenticated', ['a valid X-App-Key header is required']);
      const result = await deps.ingestSdkEvents({ tenantId }, request.body);
      return reply.code(202).send(result);
    },
  );
}

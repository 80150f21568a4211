import type { FastifyRequest } from 'fastify';
import { ErrorsSchema } from '../../contracts/common';
import { SdkEventsRequestSchema, SdkEventsResponseSchema } from '../../contracts/sdk-events';
import { AppError } from '../../usecases/app-error';
import type { ApiDeps } from '../api-deps';
import type { ZodApp } from '../zod-app';

const appTenants = new WeakMap<FastifyRequest, string>();

/** The tenant whose public app key the SDK sent (checked in onRequest, before the body is read). */
function makeRequireAppKey(deps: ApiDeps) {
  return async function requireAppKey(request: FastifyRequest): Promise<void> {
    const key = request.headers['x-app-key'];
    const tenantId = typeof key === 'string' && key ? await deps.findTenantIdByAppKey(key) : null;
    if (!tenantId) throw new AppError('unauthenticated', ['a valid X-App-Key header is required']);
    appTenants.set(request, tenantId);
  };
}

function appTenantOf(request: FastifyRequest): { tenantId: string } {
  const tenantId = appTenants.get(request);
  if (!tenantId) throw new AppError('unauthenticated');
  return { tenantId };
}

export function sdkRoutes(app: ZodApp, deps: ApiDeps): void {
  // POST /api/v2/sdk/events — device facts and location events from the SDK, keyed by the app key
  app.post(
    '/api/v2/sdk/events',
    {
      onRequest: makeRequireAppKey(deps),
      schema: {
        tags: ['sdk'],
        body: SdkEventsRequestSchema,
        response: { 202: SdkEventsResponseSchema, 400: ErrorsSchema, 401: ErrorsSchema },
      },
    },
    async (request, reply) => {
      const result = await deps.ingestSdkEvents(appTenantOf(request), request.body);
      return reply.code(202).send(result);
    },
  );
}

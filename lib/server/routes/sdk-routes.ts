import type { FastifyRequest } from 'fastify';
import { ErrorsSchema } from '../../contracts/common';
import { SdkEventsRequestSchema, SdkEventsResponseSchema } from '../../contracts/sdk-events';
import { AppError } from '../../usecases/app-error';
import { guard } from '../auth/authorise-first';
import type { AdmissionConfig } from '../admission/admission-config';
import { makeTokenBuckets, type TokenBuckets } from '../admission/token-buckets';
import type { ApiDeps } from '../api-deps';
import type { ZodApp } from '../zod-app';

const appTenants = new WeakMap<FastifyRequest, string>();

/** The tenant whose public app key the SDK sent (set before the body is read), or null. */
export function sdkTenantOf(request: FastifyRequest): string | null {
  return appTenants.get(request) ?? null;
}

function spend(buckets: TokenBuckets, key: string, what: string): void {
  const taken = buckets(key);
  if (!taken.ok)
    throw new AppError('rate_limited', [`too many SDK batches ${what}`], taken.retryAfterMs / 1000);
}

/**
 * A valid app key (else 401), within its rate (else 429): checked in onRequest, before the body is read.
 * A tenant's whole fleet shares its app key's bucket; each installation also has its own (below), so a
 * noisy device or a device farm cannot buy unbounded work.
 */
function makeRequireAppKey(deps: ApiDeps, perAppKey: TokenBuckets) {
  return guard(async function requireAppKey(request: FastifyRequest): Promise<void> {
    const key = request.headers['x-app-key'];
    const tenantId = typeof key === 'string' && key ? await deps.findTenantIdByAppKey(key) : null;
    if (!tenantId || typeof key !== 'string') {
      throw new AppError('unauthenticated', ['a valid X-App-Key header is required']);
    }
    appTenants.set(request, tenantId);
    spend(perAppKey, key, 'for this app key');
  });
}

export function sdkRoutes(app: ZodApp, deps: ApiDeps, limits: AdmissionConfig): void {
  const now = () => deps.clock.now();
  const perAppKey = makeTokenBuckets(limits.perAppKey, now);
  const perInstallation = makeTokenBuckets(limits.perInstallation, now);

  // POST /api/v2/sdk/events — device facts and location events from the SDK, keyed by the app key
  app.post(
    '/api/v2/sdk/events',
    {
      onRequest: makeRequireAppKey(deps, perAppKey),
      config: { admission: true },
      preHandler: async (request) => {
        const { installation_id } = request.body as { installation_id: string };
        spend(perInstallation, `${sdkTenantOf(request)}\u0000${installation_id}`, 'for this installation');
      },
      schema: {
        tags: ['sdk'],
        body: SdkEventsRequestSchema,
        response: { 202: SdkEventsResponseSchema, 400: ErrorsSchema, 401: ErrorsSchema, 429: ErrorsSchema },
      },
    },
    async (request, reply) => {
      const tenantId = sdkTenantOf(request);
      if (!tenantId) throw new AppError('unauthenticated');
      const result = await deps.ingestSdkEvents({ tenantId }, request.body);
      return reply.code(202).send(result);
    },
  );
}

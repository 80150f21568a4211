import { z } from 'zod';
import { StoreBodySchema, StoreListSchema, StoreParamsSchema, StoreSchema } from '../../contracts/store';
import { makeStoreRepo, type StoreRecord } from '../../db/repositories/store-repo';
import type { ApiDeps } from '../api-deps';
import { tenantOf } from '../auth/require-scope';
import type { RequireScope } from './route-kit';
import type { ZodApp } from '../zod-app';

const tags = ['admin'];
const toDto = (s: StoreRecord) => ({ store_id: s.storeId, name: s.name, latitude: s.lat, longitude: s.lng });

/** The tenant's store registry (scope admin): in-store payments resolve `store_id` against it. */
export function storeRoutes(app: ZodApp, deps: ApiDeps, requireScope: RequireScope): void {
  const stores = makeStoreRepo(deps.db);

  // PUT /api/v2/admin/stores/{store_id} — add or move a store
  app.put(
    '/api/v2/admin/stores/:store_id',
    {
      onRequest: requireScope('admin'),
      schema: { tags, params: StoreParamsSchema, body: StoreBodySchema, response: { 200: StoreSchema } },
    },
    async (request) => {
      const { tenantId } = tenantOf(request);
      const record: StoreRecord = {
        tenantId,
        storeId: request.params.store_id,
        name: request.body.name ?? null,
        lat: request.body.latitude,
        lng: request.body.longitude,
      };
      await stores.upsert(record, deps.clock.now());
      return toDto(record);
    },
  );

  // GET /api/v2/admin/stores — every store of the tenant
  app.get(
    '/api/v2/admin/stores',
    { onRequest: requireScope('admin'), schema: { tags, response: { 200: StoreListSchema } } },
    async (request) => ({ stores: (await stores.list(tenantOf(request).tenantId)).map(toDto) }),
  );

  // DELETE /api/v2/admin/stores/{store_id}
  app.delete(
    '/api/v2/admin/stores/:store_id',
    {
      onRequest: requireScope('admin'),
      schema: { tags, params: StoreParamsSchema, response: { 200: z.object({ removed: z.boolean() }) } },
    },
    async (request) => ({
      removed: await stores.remove(tenantOf(request).tenantId, request.params.store_id),
    }),
  );
}

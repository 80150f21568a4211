import { z } from 'zod';

/** A store of the tenant's registry: in-store payments name it by `store_id` (admin scope). */
export const StoreBodySchema = z.object({
  name: z.string().max(200).nullish(),
  latitude: z.number().min(-90).max(90),
  longitude: z.number().min(-180).max(180),
});
export const StoreParamsSchema = z.object({ store_id: z.string().min(1).max(200) });
export const StoreSchema = z.object({
  store_id: z.string(),
  name: z.string().nullable(),
  latitude: z.number(),
  longitude: z.number(),
});
export const StoreListSchema = z.object({ stores: z.array(StoreSchema) });

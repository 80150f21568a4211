import { z } from 'zod';
import { LOCATION_SOURCES } from '../domain/location';

export const MAX_EVENTS_PER_REQUEST = 1000;

const flag = z.boolean().nullish();

export const SdkDeviceSchema = z.object({
  model: z.string().max(200).nullish(),
  os: z.enum(['android', 'ios']).nullish(),
  os_version: z.string().max(100).nullish(),
  app_version: z.string().max(100).nullish(),
  location_permission_enabled: flag,
  location_sensors_enabled: flag,
  probable_root: flag,
  emulator: flag,
  gps_spoofing: flag,
  from_official_store: flag,
});
export type SdkDevice = z.infer<typeof SdkDeviceSchema>;

/** One fix; validated one by one so that a bad event is rejected with a reason, not the batch. */
export const SdkEventSchema = z.object({
  ts: z.union([z.string().max(64), z.number()]),
  lat: z.number().min(-90).max(90),
  lng: z.number().min(-180).max(180),
  accuracy_m: z.number().nonnegative().max(100_000).nullish(),
  source: z.enum(LOCATION_SOURCES).nullish(),
  mock: z.boolean().nullish(),
});

/** POST /api/v2/sdk/events (PRODUCT.md, SDK ingestion contract). */
export const SdkEventsRequestSchema = z.object({
  installation_id: z.string().trim().min(1).max(512),
  device_id: z.string().max(512).nullish(),
  account_id: z.string().max(512).nullish(),
  device: SdkDeviceSchema.nullish(),
  events: z.array(z.unknown()).max(MAX_EVENTS_PER_REQUEST).nullish(),
});
export type SdkEventsRequest = z.infer<typeof SdkEventsRequestSchema>;

export const SdkEventsResponseSchema = z.object({
  accepted: z.number().int(),
  rejected: z.array(z.object({ index: z.number().int(), error: z.string() })),
  request_token: z.string(),
});
export type SdkEventsResponse = z.infer<typeof SdkEventsResponseSchema>;

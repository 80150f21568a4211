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

/** A count of visible networks: an SDK that cannot tell sends nothing. */
const networkCount = z.number().int().nonnegative().max(10_000).nullish();

/**
 * One fix; validated one by one so that a bad event is rejected with a reason, not the batch. The
 * fields after `mock` are what a real SDK can add; optional, used by the engine when present.
 */
export const SdkEventSchema = z.object({
  ts: z.union([z.string().max(64), z.number()]),
  lat: z.number().min(-90).max(90),
  lng: z.number().min(-180).max(180),
  accuracy_m: z.number().nonnegative().max(100_000).nullish(),
  source: z.enum(LOCATION_SOURCES).nullish(),
  mock: z.boolean().nullish(),
  /** Ground speed (m/s) the receiver measured. */
  speed_mps: z.number().nonnegative().max(1_000).nullish(),
  altitude_m: z.number().min(-1_000).max(100_000).nullish(),
  bearing_deg: z.number().min(0).max(360).nullish(),
  vertical_accuracy_m: z.number().nonnegative().max(100_000).nullish(),
  /** The device's monotonic clock at the fix (milliseconds since boot; Android elapsedRealtime). */
  elapsed_realtime_ms: z.number().int().nonnegative().nullish(),
  /** Wifi access points and cell towers visible at the fix. */
  wifi_networks: networkCount,
  cell_networks: networkCount,
});

export type SdkEvent = z.infer<typeof SdkEventSchema>;

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

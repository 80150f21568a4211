import { z } from 'zod';
import { ADDRESS_MATCHES } from '../domain/address';
import { REASON_CODES, REPUTATIONS, RISK_ASSESSMENTS } from '../domain/risk';

/** Clients send explicit nulls (Go) or drop keys (Python): both mean "not given". */
export const optionalString = z.string().max(1000).nullish();

export const StructuredAddressSchema = z.object({
  locale: optionalString,
  country_name: optionalString,
  country_code: optionalString,
  state: optionalString,
  city: optionalString,
  borough: optionalString,
  neighborhood: optionalString,
  street: optionalString,
  number: optionalString,
  complements: optionalString,
  postal_code: optionalString,
});
export type StructuredAddressDto = z.infer<typeof StructuredAddressSchema>;

export const CoordinatesSchema = z.object({
  lat: z.number().min(-90).max(90),
  lng: z.number().min(-180).max(180),
});

export const RiskAssessmentSchema = z.enum(RISK_ASSESSMENTS);
export const ReasonSchema = z.object({ code: z.enum(REASON_CODES), source: z.enum(['local', 'global']) });
export const ReputationSchema = z.enum(REPUTATIONS);
export const AddressMatchSchema = z.enum(ADDRESS_MATCHES);
export const GeocodeQualitySchema = z.enum(['good', 'poor']);
export const AddressQualitySchema = z.enum(['good', 'medium', 'poor']);

export const LocationServicesSchema = z.object({
  location_permission_enabled: z.boolean(),
  location_sensors_enabled: z.boolean(),
});
export const DeviceIntegritySchema = z.object({
  probable_root: z.boolean(),
  emulator: z.boolean(),
  gps_spoofing: z.boolean(),
  from_official_store: z.boolean(),
});

/** ISO 8601 timestamp in responses. */
export const IsoTimestamp = z.string().meta({ format: 'date-time' });
/** Distances are metres throughout the API. */
export const Metres = z.number().meta({ description: 'metres' });

/** `{id}` in the path of signups and transactions: ids are UUIDs (the Java client parses them as such). */
export const ResourceIdParamsSchema = z.object({ id: z.uuid() });

/** `400 {errors: [...]}`: one string per problem. */
export const ErrorsSchema = z.object({ errors: z.array(z.string()) });

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

/**
 * The one rule naming a device on signups, payments, logins and feedback (lib/usecases/resolve-installation.ts),
 * stated once for the OpenAPI document.
 */
export const INSTALLATION_RULE =
  'A valid request_token (returned by POST /api/v2/sdk/events; signed, one hour, bound to this tenant and ' +
  'installation) names its installation; an installation_id sent with it must be the same one, else 400. ' +
  "An invalid, expired or other tenant's request_token is ignored and installation_id is used. " +
  'Naming neither is a 400. An installation that cannot be identified, or that the SDK never reported, ' +
  'is a 404 on signups and feedback; a payment or login is still stored and answered unknown_risk, with no ' +
  'device history.';

/** How a request names its device: `installation_id`, `request_token`, or both (see INSTALLATION_RULE). */
export const InstallationRefShape = {
  installation_id: optionalString.meta({ description: `The SDK's installation id. ${INSTALLATION_RULE}` }),
  request_token: optionalString.meta({
    description: `The SDK ingestion's request_token. ${INSTALLATION_RULE}`,
  }),
};

/** `{id}` in the path of signups and transactions: ids are UUIDs (the Java client parses them as such). */
export const ResourceIdParamsSchema = z.object({ id: z.uuid() });

/** `400 {errors: [...]}`: one string per problem. */
export const ErrorsSchema = z.object({ errors: z.array(z.string()) });

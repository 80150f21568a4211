import { z } from 'zod';
import {
  AddressMatchSchema,
  AddressQualitySchema,
  CoordinatesSchema,
  DeviceIntegritySchema,
  GeocodeQualitySchema,
  InstallationRefShape,
  IsoTimestamp,
  LocationServicesSchema,
  Metres,
  ReasonSchema,
  ReputationSchema,
  RiskAssessmentSchema,
  StructuredAddressSchema,
  optionalString,
} from './common';

/** Where the signup's address is declared; `address_line` wins over `structured_address` (SPEC §4.1). */
export const DeclaredAddressSchema = z.object({
  address_line: z.string().max(1000).nullish(),
  structured_address: StructuredAddressSchema.nullish(),
  address_coordinates: CoordinatesSchema.nullish(),
});
export type DeclaredAddressDto = z.infer<typeof DeclaredAddressSchema>;

/** POST /api/v2/onboarding/signups: `installation_id` or `request_token` (PRODUCT.md item 10). */
export const SignupRequestSchema = DeclaredAddressSchema.extend({
  ...InstallationRefShape,
  /** Account ids are accepted as newer clients send them; they link the account to the device. */
  account_id: optionalString,
  policy_id: optionalString,
});
export type SignupRequest = z.infer<typeof SignupRequestSchema>;

/** PUT /api/v2/onboarding/signups/{id}: a new declared address (the sample bodies also carry installation_id). */
export const SignupUpdateRequestSchema = DeclaredAddressSchema.extend({ installation_id: optionalString });
export type SignupUpdateRequest = z.infer<typeof SignupUpdateRequestSchema>;

export const SignupEvidenceSchema = z.object({
  device_model: z.string().optional(),
  geocode_quality: GeocodeQualitySchema.optional(),
  address_quality: AddressQualitySchema.optional(),
  address_match: AddressMatchSchema.optional(),
  location_events_near_address: z.number().int().optional(),
  location_events_quantity: z.number().int(),
  location_services: LocationServicesSchema.optional(),
  device_integrity: DeviceIntegritySchema.optional(),
  device_fraud_reputation: ReputationSchema,
  device_behavior_reputation: ReputationSchema,
  activity_evidence: z
    .object({
      first_known_address_activity: IsoTimestamp.optional(),
      last_known_address_activity: IsoTimestamp.optional(),
      first_address_verification: IsoTimestamp.optional(),
    })
    .optional(),
  accessed_accounts: z.number().int(),
  app_reinstallations: z.number().int(),
  different_declared_addresses: z.number().int(),
  distance_from_last_location_to_declared_address: Metres.optional(),
  distance_from_nearest_location_to_declared_address: Metres.optional(),
});

export const SignupResponseSchema = z.object({
  id: z.uuid(),
  request_id: z.uuid(),
  risk_assessment: RiskAssessmentSchema,
  reasons: z.array(ReasonSchema),
  evidence: SignupEvidenceSchema,
  device_id: z.string().optional(),
});
export type SignupResponse = z.infer<typeof SignupResponseSchema>;

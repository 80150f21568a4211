import { z } from 'zod';
import {
  AddressMatchSchema,
  AddressQualitySchema,
  CoordinatesSchema,
  DeviceIntegritySchema,
  GeocodeQualitySchema,
  IsoTimestamp,
  LocationServicesSchema,
  Metres,
  ReasonSchema,
  ReputationSchema,
  RiskAssessmentSchema,
  StructuredAddressSchema,
  optionalString,
} from './common';

const CardInfoSchema = z.object({
  bin: optionalString,
  last_four_digits: optionalString,
  expiry_year: optionalString,
  expiry_month: optionalString,
});

export const PaymentMethodSchema = z.object({
  type: z.enum(['credit_card', 'debit_card']),
  credit_card_info: CardInfoSchema.nullish(),
  debit_card_info: CardInfoSchema.nullish(),
});

export const TransactionAddressSchema = z
  .object({
    type: z.enum(['shipping', 'billing', 'home']),
    structured_address: StructuredAddressSchema.nullish(),
    address_coordinates: CoordinatesSchema.nullish(),
    address_line: z.string().max(1000).nullish(),
  })
  .refine((a) => a.structured_address || a.address_coordinates || a.address_line, {
    message: 'needs address_coordinates or structured_address',
  });

export const PaymentValueSchema = z.object({
  amount: z.number().finite().nonnegative(),
  currency: z.string().regex(/^[A-Za-z]{3}$/, 'must be an ISO 4217 code'),
});

/** POST /api/v2/authentication/transactions (payments and logins). */
export const TransactionRequestSchema = z.object({
  installation_id: optionalString,
  request_token: optionalString,
  account_id: z.string().trim().min(1).max(512),
  type: z.enum(['payment', 'login']),
  external_id: optionalString,
  policy_id: optionalString,
  addresses: z.array(TransactionAddressSchema).max(10).nullish(),
  payment_value: PaymentValueSchema.nullish(),
  payment_methods: z.array(PaymentMethodSchema).max(10).nullish(),
  store_id: optionalString,
  location: z
    .object({ latitude: z.number().min(-90).max(90), longitude: z.number().min(-180).max(180) })
    .nullish(),
});
export type TransactionRequest = z.infer<typeof TransactionRequestSchema>;

export const TransactionQuerySchema = z.object({ eval: z.string().optional() });

export const PaymentEvidenceSchema = z.object({
  device_model: z.string().optional(),
  location_events_quantity: z.number().int(),
  location_services: LocationServicesSchema.optional(),
  device_integrity: DeviceIntegritySchema.optional(),
  device_fraud_reputation: ReputationSchema,
  device_behavior_reputation: ReputationSchema,
  accessed_accounts: z.number().int(),
  app_reinstallations: z.number().int(),
  known_account: z.boolean(),
  distance_to_trusted_location: Metres.optional(),
  last_location_ts: IsoTimestamp.optional(),
  sensor_match_type: z.enum(['gps', 'wifi_scan', 'wifi_connection']).optional(),
  addresses: z
    .array(
      z.object({
        type: z.string(),
        location_events_near_address: z.number().int(),
        address_quality: AddressQualitySchema,
        geocode_quality: GeocodeQualitySchema,
        address_match: AddressMatchSchema,
        chargeback_rate_near_150_meters: z.number().optional(),
        chargeback_rate_near_1500_meters: z.number().optional(),
        chargeback_rate_near_5000_meters: z.number().optional(),
      }),
    )
    .optional(),
  device_transaction_sum: z.array(z.object({ amount: z.number(), currency: z.string() })),
  first_device_login: z.boolean(),
  first_device_login_at: IsoTimestamp.optional(),
  /** In-store payments (store_id or location given): where the device is relative to the store, metres. */
  store: z
    .object({
      store_id: z.string().optional(),
      distance_to_store: Metres.optional(),
      device_at_store: z.boolean(),
    })
    .optional(),
});

export const TransactionResponseSchema = z.object({
  id: z.uuid(),
  risk_assessment: RiskAssessmentSchema,
  reasons: z.array(ReasonSchema),
  evidence: PaymentEvidenceSchema,
  device_id: z.string().optional(),
});
export type TransactionResponse = z.infer<typeof TransactionResponseSchema>;

/** `?eval=false` registers without evaluating: the reply is `{}`. */
export const NotEvaluatedResponseSchema = z.object({});

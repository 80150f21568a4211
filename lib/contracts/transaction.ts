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

/**
 * Every payment method an official client declares (Node 6.x, Python 3.x, Java and Go clients). Others
 * are accepted too: a newer client's method is stored as sent, with its type and info objects.
 */
export const PAYMENT_METHOD_TYPES = [
  'account_balance',
  'apple_pay',
  'bancolombia',
  'boleto_bancario',
  'cash',
  'credit_card',
  'debit_card',
  'google_pay',
  'meal_voucher',
  'nu_pay',
  'paypal',
  'pix',
] as const;
const CARD_INFO_OF = { credit_card: 'credit_card_info', debit_card: 'debit_card_info' } as const;

const digits = (min: number, max: number) =>
  z
    .string()
    .regex(new RegExp(`^\\d{${min},${max}}$`), `must be ${min === max ? min : `${min} to ${max}`} digits`);

/** Card details, checked on card methods only. */
export const CardInfoSchema = z.object({
  bin: digits(6, 8).nullish(),
  last_four_digits: digits(4, 4).nullish(),
  expiry_year: z
    .string()
    .regex(/^(\d{2}|\d{4})$/, 'must be 2 or 4 digits')
    .nullish(),
  expiry_month: z
    .string()
    .regex(/^(0?[1-9]|1[0-2])$/, 'must be a month, 1 to 12')
    .nullish(),
});

/**
 * One payment method: `type` is any non-empty name (the known ones above, or a future one); card types
 * have their `credit_card_info`/`debit_card_info` validated; everything sent is kept (`identifier`, info
 * objects of other methods) and stored as-is.
 */
export const PaymentMethodSchema = z
  .looseObject({
    type: z
      .string()
      .min(1)
      .max(64)
      .meta({ description: `one of ${PAYMENT_METHOD_TYPES.join(', ')}, or a newer method's name` }),
    identifier: optionalString,
  })
  .superRefine((method, ctx) => {
    const infoKey = CARD_INFO_OF[method.type as keyof typeof CARD_INFO_OF];
    if (!infoKey) return;
    const info = CardInfoSchema.nullish().safeParse(method[infoKey]);
    if (info.success) return;
    for (const issue of info.error.issues) {
      ctx.addIssue({ code: 'custom', message: issue.message, path: [infoKey, ...issue.path] });
    }
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
  ...InstallationRefShape,
  account_id: z.string().trim().min(1).max(512),
  type: z.enum(['payment', 'login']),
  external_id: optionalString,
  policy_id: optionalString,
  addresses: z.array(TransactionAddressSchema).max(10).nullish(),
  payment_value: PaymentValueSchema.nullish(),
  payment_methods: z.array(PaymentMethodSchema).max(32).nullish(),
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

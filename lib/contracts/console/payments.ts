// Console API: payment step-up review queue and payment detail.
import { z } from 'zod';
import { RiskAssessmentSchema } from '../common';
import {
  AuditItemSchema,
  CaseQueueQuerySchema,
  DeviceSchema,
  EvidenceSchema,
  FeedbackItemSchema,
  LocationPointSchema,
  PlaceSchema,
  PointSchema,
  ReasonSchema,
  ReviewStatusSchema,
  UserRefSchema,
  queuePageSchema,
} from './common';
import { RelatedCasesSchema } from './entities';
import { ExplanationSchema } from './explanation';

/**
 * GET /api/console/v1/payments — payments and logins; `q` matches the payment, installation, account
 * or external id.
 */
export const PaymentListQuerySchema = CaseQueueQuerySchema.extend({
  type: z.enum(['payment', 'login']).optional(),
});
export type PaymentListQuery = z.input<typeof PaymentListQuerySchema>;

export const MoneySchema = z.object({ amount: z.number(), currency: z.string() });

export const PaymentListItemSchema = z.object({
  id: z.string(),
  type: z.string(),
  /** Null when the client named no installation the service could identify. */
  installation_id: z.string().nullable(),
  account_id: z.string(),
  external_id: z.string().nullable(),
  risk_assessment: RiskAssessmentSchema.nullable(),
  reasons: z.array(ReasonSchema),
  created_at: z.number(),
  review_status: ReviewStatusSchema,
  assigned_to: UserRefSchema.nullable(),
  /** Events the client reported through the API about this case (e.g. chargeback, identity_fraud). */
  client_feedback: z.array(z.string()),
  /** The model's calibrated probability of fraud, when the engine stored an explanation. */
  score: z.number().nullable(),
  payment_value: MoneySchema.nullable(),
  distance_to_trusted_location_m: z.number().nullable(),
});
export type PaymentListItem = z.infer<typeof PaymentListItemSchema>;

export const PaymentListSchema = queuePageSchema(PaymentListItemSchema);
export type PaymentList = z.infer<typeof PaymentListSchema>;

/**
 * One chargeback ring around an address: the rate the assessment used (when it was assessed) and the
 * payments and chargebacks counted there now (chargebacks usually arrive weeks after the payment).
 */
export const ChargebackRingSchema = z.object({
  radius_m: z.number(),
  rate_at_assessment: z.number().nullable(),
  /** Null when the address has no point to count around. */
  now: z.object({ payments: z.number(), chargebacks: z.number() }).nullable(),
});
export type ChargebackRing = z.infer<typeof ChargebackRingSchema>;

export const PaymentAddressSchema = z.object({
  type: z.string(),
  label: z.string().nullable(),
  /** The coordinates the client sent; null when it sent text only. */
  point: PointSchema.nullable(),
  /** How precisely the geocoder placed the address at assessment (street, city, …); null if not placed. */
  address_match: z.string().nullable(),
  location_events_near_address: z.number().nullable(),
  rings: z.array(ChargebackRingSchema),
});
export type PaymentAddress = z.infer<typeof PaymentAddressSchema>;

export const PaymentDetailSchema = z.object({
  payment: PaymentListItemSchema.extend({
    evidence: EvidenceSchema,
    explanation: ExplanationSchema.nullable(),
    evaluated: z.boolean(),
    review_outcome: z.string().nullable(),
    payment_methods: z.array(z.object({ type: z.string(), summary: z.string() })),
    addresses: z.array(PaymentAddressSchema),
    /** In-store payments: the store as the tenant registered it, and the location the client sent. */
    store: z
      .object({ id: z.string(), name: z.string().nullable(), point: PointSchema.nullable() })
      .nullable(),
    /** Where the device was when it paid, as the assessment saw it. */
    current_location: PointSchema.nullable(),
  }),
  trusted_locations: z.array(PlaceSchema),
  location_events: z.object({ total: z.number(), points: z.array(LocationPointSchema) }),
  device: DeviceSchema.nullable(),
  related: RelatedCasesSchema,
  feedbacks: z.array(FeedbackItemSchema),
  audit: z.array(AuditItemSchema),
});
export type PaymentDetail = z.infer<typeof PaymentDetailSchema>;

// Console API: signup review queue and signup detail.
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
import { WebhookEventSchema } from './webhooks';

/** GET /api/console/v1/signups — `q` matches the signup, installation or device id. */
export const SignupListQuerySchema = CaseQueueQuerySchema;
export type SignupListQuery = z.input<typeof SignupListQuerySchema>;

export const SignupListItemSchema = z.object({
  id: z.string(),
  installation_id: z.string(),
  device_id: z.string().nullable(),
  risk_assessment: RiskAssessmentSchema,
  reasons: z.array(ReasonSchema),
  created_at: z.number(),
  updated_at: z.number(),
  /** Since when the signup has held its current risk assessment (a case's wait runs from here). */
  flagged_at: z.number(),
  review_status: ReviewStatusSchema,
  assigned_to: UserRefSchema.nullable(),
  /** Events the client reported through the API about this case (e.g. chargeback, identity_fraud). */
  client_feedback: z.array(z.string()),
  /** The model's calibrated probability of fraud, when the engine stored an explanation. */
  score: z.number().nullable(),
  address_label: z.string().nullable(),
  distance_from_last_location_m: z.number().nullable(),
  location_events_quantity: z.number().nullable(),
});
export type SignupListItem = z.infer<typeof SignupListItemSchema>;

export const SignupListSchema = queuePageSchema(SignupListItemSchema);
export type SignupList = z.infer<typeof SignupListSchema>;

export const SignupAssessmentSchema = z.object({
  id: z.string(),
  risk_assessment: RiskAssessmentSchema,
  reasons: z.array(ReasonSchema),
  evidence: EvidenceSchema,
  trigger: z.string(),
  assessed_at: z.number(),
  explanation: ExplanationSchema.nullable(),
});
export type SignupAssessment = z.infer<typeof SignupAssessmentSchema>;

export const SignupDetailSchema = z.object({
  signup: SignupListItemSchema.extend({
    request_id: z.string(),
    evidence: EvidenceSchema,
    /** Why the engine reached the current verdict (null for assessments stored before explanations). */
    explanation: ExplanationSchema.nullable(),
    reassess_until: z.number(),
    review_outcome: z.string().nullable(),
    declared_address: z.object({
      address_line: z.string().nullable(),
      structured: z.record(z.string(), z.string()).nullable(),
      coordinates: PointSchema.nullable(),
    }),
    /** Where the declared address was placed: given coordinates or the geocoder's answer. */
    address_point: PointSchema.nullable(),
    geocode_quality: z.string().nullable(),
  }),
  assessments: z.array(SignupAssessmentSchema),
  location_events: z.object({
    total: z.number(),
    points: z.array(LocationPointSchema),
  }),
  last_location: LocationPointSchema.nullable(),
  nearest_location: LocationPointSchema.nullable(),
  /** Clustered places of the device's fingerprint; empty when the engine keeps none. */
  places: z.array(PlaceSchema),
  device: DeviceSchema.nullable(),
  webhooks: z.array(WebhookEventSchema),
  related: RelatedCasesSchema,
  feedbacks: z.array(FeedbackItemSchema),
  audit: z.array(AuditItemSchema),
});
export type SignupDetail = z.infer<typeof SignupDetailSchema>;

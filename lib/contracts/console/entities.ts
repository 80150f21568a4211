// Console API: who else is this device, account or address — entity pages, related cases, search.
import { z } from 'zod';
import { RiskAssessmentSchema } from '../common';
import { FeedbackItemSchema, InstallationSummarySchema, PlaceSchema, ReviewStatusSchema } from './common';

export type { InstallationSummary } from './common';

/** A case as other screens list it: what it is, its verdict and what was decided about it. */
export const CaseRefSchema = z.object({
  kind: z.enum(['signup', 'payment', 'login']),
  id: z.string(),
  created_at: z.number(),
  risk_assessment: RiskAssessmentSchema.nullable(),
  review_status: ReviewStatusSchema,
  /** The analyst's verdict (fraud, legit, approve, decline, dismissed) once closed. */
  review_outcome: z.string().nullable(),
  client_feedback: z.array(z.string()),
  /** Null for a payment whose installation could not be identified. */
  installation_id: z.string().nullable(),
  account_id: z.string().nullable(),
  /** The declared address of a signup, the amount of a payment. */
  summary: z.string().nullable(),
});
export type CaseRef = z.infer<typeof CaseRefSchema>;

/** Other cases on the same device (its installations), account and address (within 100 m). */
export const RelatedCasesSchema = z.object({
  device: z.array(CaseRefSchema),
  account: z.array(CaseRefSchema),
  address: z.array(CaseRefSchema),
});
export type RelatedCases = z.infer<typeof RelatedCasesSchema>;

export const IntegrityPointSchema = z.object({
  at: z.number(),
  /** Where the snapshot comes from: an assessment of a signup or a payment. */
  case_kind: z.enum(['signup', 'payment', 'login']),
  case_id: z.string(),
  flags: z.record(z.string(), z.boolean()),
});

export const EventDaySchema = z.object({ day: z.string(), events: z.number(), mock_events: z.number() });

/** GET /api/console/v1/devices/:id — a device by device id or by one of its installation ids. */
export const DeviceProfileSchema = z.object({
  device_id: z.string().nullable(),
  installations: z.array(InstallationSummarySchema),
  accounts: z.array(
    z.object({ account_id: z.string(), first_seen_at: z.number(), last_seen_at: z.number() }),
  ),
  signups: z.array(CaseRefSchema),
  payments: z.array(CaseRefSchema),
  feedbacks: z.array(FeedbackItemSchema.extend({ subject: z.string().nullable() })),
  /** Integrity flags as each assessment saw them, oldest first. */
  integrity_history: z.array(IntegrityPointSchema),
  /** Location events per day, with how many the SDK marked as mock locations. */
  events_by_day: z.array(EventDaySchema),
  places: z.array(PlaceSchema),
});
export type DeviceProfile = z.infer<typeof DeviceProfileSchema>;

/** GET /api/console/v1/accounts/:id — an account: its installations, payments and logins, feedback. */
export const AccountProfileSchema = z.object({
  account_id: z.string(),
  installations: z.array(InstallationSummarySchema),
  payments: z.array(CaseRefSchema),
  signups: z.array(CaseRefSchema),
  feedbacks: z.array(FeedbackItemSchema.extend({ subject: z.string().nullable() })),
});
export type AccountProfile = z.infer<typeof AccountProfileSchema>;

/** GET /api/console/v1/search?q= — cases, devices and accounts by id, and signups by address text. */
export const SearchQuerySchema = z.object({ q: z.string().trim().min(2).max(128) });
export const SearchResultSchema = z.object({
  items: z.array(
    z.object({
      kind: z.enum(['signup', 'payment', 'login', 'device', 'account']),
      id: z.string(),
      title: z.string(),
      detail: z.string().nullable(),
      /** How it matched: id, installation, device, account, external id, address. */
      matched: z.string(),
    }),
  ),
});
export type SearchResult = z.infer<typeof SearchResultSchema>;

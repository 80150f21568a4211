/**
 * Shared pieces of the console API (/api/console/v1): used by the risk API routes that serve it and by
 * the console's server-only client that parses every reply with them.
 */
import { z } from 'zod';
import { PLACE_KINDS } from '../../domain/fingerprint/fingerprint-places';
import { RiskAssessmentSchema } from '../common';

export const ROLES = ['analyst', 'manager', 'admin'] as const;
export const RoleSchema = z.enum(ROLES);
export type Role = z.infer<typeof RoleSchema>;

/** Roles are ordered: a manager may do what an analyst may, an admin what a manager may. */
export function roleAtLeast(role: Role, required: Role): boolean {
  return ROLES.indexOf(role) >= ROLES.indexOf(required);
}

export const REVIEW_STATUSES = ['open', 'in_review', 'closed'] as const;
export const ReviewStatusSchema = z.enum(REVIEW_STATUSES);
export type ReviewStatus = z.infer<typeof ReviewStatusSchema>;

export const ReasonSchema = z.object({ code: z.string(), source: z.string() });
export type Reason = z.infer<typeof ReasonSchema>;

export const PointSchema = z.object({ lat: z.number(), lng: z.number() });
export type Point = z.infer<typeof PointSchema>;

export const UserRefSchema = z.object({ id: z.string(), email: z.string() });
export type UserRef = z.infer<typeof UserRefSchema>;

/** Evidence is kept as the assessment produced it (SPEC §2.4); the console reads fields it knows. */
export const EvidenceSchema = z.record(z.string(), z.unknown());

/** Comma-separated list in a query string → array (empty entries dropped). */
export function commaList<T extends z.ZodType<string>>(item: T) {
  return z.preprocess(
    (value) => (typeof value === 'string' ? value.split(',').filter((x) => x.length > 0) : value),
    z.array(item),
  );
}

/** Epoch milliseconds as they travel in a query string. */
export const MillisQuery = z.coerce.number().int().nonnegative();

export const PageLimitSchema = z.coerce.number().int().min(1).max(100).default(25);

/** The orders a queue offers: by last assessment change (newest first, the default) or by creation. */
export const QUEUE_ORDERS = ['changed', 'oldest', 'newest'] as const;

/**
 * The filters every review queue (signups, payments) takes; the server filters in SQL and pages by
 * keyset on (sort time, id). `q` is an exact id of the case or of what it belongs to, or a prefix of one.
 * `feedback`: whether the client already reported on the case (none: not yet; received: some).
 */
export const CaseQueueQuerySchema = z.object({
  risk: commaList(RiskAssessmentSchema).optional(),
  status: commaList(ReviewStatusSchema).optional(),
  reason: z.string().max(64).optional(),
  from: MillisQuery.optional(),
  to: MillisQuery.optional(),
  q: z.string().trim().max(128).optional(),
  assigned: z.enum(['me', 'unassigned', 'any']).optional(),
  feedback: z.enum(['any', 'none', 'received']).optional(),
  order: z.enum(QUEUE_ORDERS).default('changed'),
  cursor: z.string().max(200).optional(),
  limit: PageLimitSchema,
});

/** One page of a review queue: the items, the cursor of the next page and the count of all matches. */
export function queuePageSchema<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), next_cursor: z.string().nullable(), total: z.number() });
}

export const LocationPointSchema = z.object({
  lat: z.number(),
  lng: z.number(),
  ts: z.number(),
  accuracy_m: z.number().nullable(),
  source: z.string(),
  mock: z.boolean(),
});
export type LocationPoint = z.infer<typeof LocationPointSchema>;

/** A place of the device's fingerprint (home, work, trusted, frequent). */
export const PlaceSchema = z.object({
  lat: z.number(),
  lng: z.number(),
  kind: z.enum(PLACE_KINDS),
  events: z.number(),
  radius_m: z.number().nullable(),
});
export type Place = z.infer<typeof PlaceSchema>;

export const FeedbackItemSchema = z.object({
  id: z.string(),
  event: z.string(),
  occurred_at: z.number(),
  origin: z.string(),
  author: z.string().nullable(),
  comment: z.string().nullable(),
});

export const AuditItemSchema = z.object({
  id: z.string(),
  at: z.number(),
  actor: UserRefSchema.nullable(),
  action: z.string(),
  subject_type: z.string(),
  subject_id: z.string().nullable(),
  /** The e-mail of the user the entry is about (subject_type user), so nobody reads a raw id. */
  subject_name: z.string().nullable(),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
});
export type AuditItem = z.infer<typeof AuditItemSchema>;

/** An installation as the SDK last reported it. */
export const InstallationSummarySchema = z.object({
  installation_id: z.string(),
  device_id: z.string().nullable(),
  model: z.string().nullable(),
  platform: z.string().nullable(),
  app_version: z.string().nullable(),
  integrity: z.record(z.string(), z.boolean()),
  location_services: z.record(z.string(), z.boolean()),
  /** When the SDK first and last reported (server receive time). */
  first_seen_at: z.number(),
  last_seen_at: z.number(),
  /** The span of the location events themselves (device time), which may be days before receipt. */
  first_event_at: z.number().nullable(),
  last_event_at: z.number().nullable(),
  event_count: z.number(),
});
export type InstallationSummary = z.infer<typeof InstallationSummarySchema>;

/** The device panel of a case: its installation, the accounts seen on it and its other installations. */
export const DeviceSchema = InstallationSummarySchema.extend({
  accounts: z.array(z.string()),
  other_installations: z.number(),
});
export type Device = z.infer<typeof DeviceSchema>;

/** Reason codes the engine uses (PRODUCT.md item 8); offered as queue filters. */
export { REASON_CODES } from '../../domain/risk';

/**
 * Data-subject requests (scope admin): erase everything personal about one installation or account,
 * or export everything stored about it. docs/OPERATIONS.md describes what each keeps and removes.
 */
import { z } from 'zod';
import { IsoTimestamp } from './common';

export const SUBJECT_TYPES = ['installation', 'account'] as const;
export const SubjectTypeSchema = z.enum(SUBJECT_TYPES);
export type SubjectType = z.infer<typeof SubjectTypeSchema>;

const SubjectId = z.string().trim().min(1).max(512);
export const InstallationParamsSchema = z.object({ installation_id: SubjectId });
export const AccountParamsSchema = z.object({ account_id: SubjectId });

/** POST /api/console/v1/erasures — an admin's erasure from the console. */
export const ErasureRequestSchema = z.object({ subject_type: SubjectTypeSchema, subject_id: SubjectId });
export type ErasureRequest = z.infer<typeof ErasureRequestSchema>;

const RowCounts = z.record(z.string(), z.number().int()).meta({ description: 'rows per table' });

export const ErasureSummarySchema = z.object({
  erasure_id: z.string(),
  subject_type: SubjectTypeSchema,
  subject_id: z.string(),
  status: z.enum(['completed', 'pending']),
  requested_at: IsoTimestamp,
  completed_at: IsoTimestamp.nullable(),
  /** Rows removed outright (location events, fingerprint, installation, device links). */
  deleted: RowCounts,
  /** Rows kept for the client's records with every personal field overwritten. */
  scrubbed: RowCounts,
  /** Webhook notifications about the subject that were still to be sent and never will be. */
  webhooks_cancelled: z.number().int(),
  /** When this id was last erased before this request (an erasure is idempotent: repeating it is harmless). */
  previously_erased_at: IsoTimestamp.nullable(),
});
export type ErasureSummary = z.infer<typeof ErasureSummarySchema>;

/** A stored JSON document, as it was stored. */
const Stored = z.unknown();

export const SubjectExportSchema = z.object({
  format: z.literal('locus-subject-export/1'),
  exported_at: IsoTimestamp,
  subject_type: SubjectTypeSchema,
  subject_id: z.string(),
  installation: z
    .object({
      installation_id: z.string(),
      device_id: z.string().nullable(),
      device: Stored,
      first_seen_at: IsoTimestamp,
      last_seen_at: IsoTimestamp,
      event_count: z.number().int(),
    })
    .nullable(),
  location_events: z.array(
    z.object({
      ts: IsoTimestamp,
      lat: z.number(),
      lng: z.number(),
      accuracy_m: z.number().nullable(),
      source: z.string(),
      mock: z.boolean(),
      received_at: IsoTimestamp,
    }),
  ),
  /** The bounded per-device summary the assessments read (places, visits, first and last activity). */
  location_fingerprint: Stored,
  device_links: z.array(
    z.object({
      installation_id: z.string(),
      account_id: z.string(),
      device_id: z.string().nullable(),
      first_seen_at: IsoTimestamp,
      last_seen_at: IsoTimestamp,
    }),
  ),
  signups: z.array(
    z.object({
      id: z.string(),
      request_id: z.string(),
      declared_address: Stored,
      geocode: Stored,
      risk_assessment: z.string(),
      reasons: Stored,
      evidence: Stored,
      created_at: IsoTimestamp,
      review_status: z.string(),
      review_outcome: z.string().nullable(),
      assessments: z.array(
        z.object({
          risk_assessment: z.string(),
          reasons: Stored,
          evidence: Stored,
          trigger: z.string(),
          assessed_at: IsoTimestamp,
        }),
      ),
    }),
  ),
  transactions: z.array(
    z.object({
      id: z.string(),
      type: z.string(),
      installation_id: z.string().nullable(),
      account_id: z.string(),
      external_id: z.string().nullable(),
      addresses: Stored,
      payment_value: Stored,
      payment_methods: Stored,
      store_id: z.string().nullable(),
      location: Stored,
      risk_assessment: z.string().nullable(),
      reasons: Stored,
      evidence: Stored,
      created_at: IsoTimestamp,
    }),
  ),
  feedbacks: z.array(
    z.object({
      id: z.string(),
      event: z.string(),
      occurred_at: IsoTimestamp,
      signup_id: z.string().nullable(),
      payment_id: z.string().nullable(),
      login_id: z.string().nullable(),
      account_id: z.string().nullable(),
      installation_id: z.string().nullable(),
      comment: z.string().nullable(),
      created_at: IsoTimestamp,
    }),
  ),
  webhook_events: z.array(
    z.object({
      id: z.string(),
      signup_id: z.string().nullable(),
      event_type: z.string(),
      status: z.string(),
      /** The exact JSON sent to the client's endpoint. */
      body: Stored,
      created_at: IsoTimestamp,
    }),
  ),
});
export type SubjectExport = z.infer<typeof SubjectExportSchema>;

// Console API: working a queue — bulk assignment and closing, and filters saved per user.
import { z } from 'zod';
import { DecisionCommentSchema } from './review';

const CaseIds = z.array(z.string().min(1).max(100)).min(1).max(100);

/**
 * POST /api/console/v1/{signups|payments}/bulk — the same rules as one case at a time, case by case:
 * `assign` hands the cases to a user (null releases them); `close` closes them without a verdict
 * (e.g. the client already reported the outcome), with a comment kept in the audit log.
 */
export const BulkActionSchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('assign'), ids: CaseIds, user_id: z.string().max(100).nullable() }),
  z.object({ action: z.literal('close'), ids: CaseIds, comment: DecisionCommentSchema }),
]);
export type BulkAction = z.infer<typeof BulkActionSchema>;

export const BulkResultSchema = z.object({
  results: z.array(z.object({ id: z.string(), ok: z.boolean(), error: z.string().nullable() })),
});
export type BulkResult = z.infer<typeof BulkResultSchema>;

export const QueueKindSchema = z.enum(['signups', 'payments']);

/** A queue's filters as its URL query (risk, status, reason, feedback, …). */
const FilterQuery = z
  .record(z.string().regex(/^[a-z_]{1,20}$/), z.string().max(200))
  .refine((q) => Object.keys(q).length <= 20, 'at most 20 filters');

export const SaveFilterSchema = z.object({
  kind: QueueKindSchema,
  name: z.string().trim().min(1, 'give the filter a name').max(60),
  query: FilterQuery,
});

export const SavedFilterSchema = z.object({
  id: z.string(),
  kind: QueueKindSchema,
  name: z.string(),
  query: z.record(z.string(), z.string()),
  created_at: z.number(),
});
export type SavedFilter = z.infer<typeof SavedFilterSchema>;

export const SavedFiltersSchema = z.object({ items: z.array(SavedFilterSchema) });

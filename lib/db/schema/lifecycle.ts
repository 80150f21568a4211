/**
 * Tables of the data lifecycle: the record of each erasure and the rows it removed, and the erasure
 * mark on signups and transactions (migration 0900); retention windows and purge runs (0910).
 */
import type { ColumnType } from 'kysely';

export interface ErasuresTable {
  id: string;
  tenant_id: string;
  /** installation or account. */
  subject_type: string;
  /** The erased id, only while the erasure is pending (a restart must know what to erase); null once done. */
  subject_id: string | null;
  /** HMAC-SHA256 of tenant, type and id under the `erasure_digest_key` setting: proves which id was erased without keeping it. */
  subject_digest: string;
  /** pending, done. */
  status: string;
  /** api:<client id>, cli, or console:<user email>. */
  requested_by: string;
  /** The console user who asked, for the audit entry; null from the API and the CLI. */
  actor_user_id: string | null;
  requested_at: number;
  completed_at: number | null;
}

/** Rows an erasure removed or scrubbed, one row per step and batch (concurrent runners only insert). */
export interface ErasureStepsTable {
  erasure_id: string;
  /** The table the step touched. */
  table_name: string;
  /** deleted, scrubbed or cancelled (pending webhooks). */
  action: string;
  rows: number;
  at: number;
}

/** Nullable and left out of inserts: set once, when the row's personal fields are erased. */
export interface ErasureColumns {
  erased_at: ColumnType<number | null, number | null | undefined, number | null>;
}

/** A tenant's own, shorter window for raw location events (`locus retention set`). */
export interface TenantRetentionTable {
  tenant_id: string;
  event_days: number;
  updated_at: number;
}

/** One pass of the retention job: when, and how many rows of each table it removed (JSON). */
export interface RetentionRunsTable {
  id: string;
  started_at: number;
  finished_at: number;
  removed: string;
}

// A type alias (not an interface) so that it joins the Database intersection in lib/db/schema.ts.
export type LifecycleTables = {
  erasures: ErasuresTable;
  erasure_steps: ErasureStepsTable;
  tenant_retention: TenantRetentionTable;
  retention_runs: RetentionRunsTable;
};

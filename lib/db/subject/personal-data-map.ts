/**
 * Where personal data about one end user (an installation or an account) lives, table by table, and
 * what erasure does with it. Every table of the schema is named here: a test enumerates the database
 * catalog and fails on a table, or a column of a scrubbed table, that nobody has classified, so a new
 * migration cannot add a place personal data hides in without deciding its erasure.
 */
import type { Updateable } from 'kysely';
import type { SignupEvidence } from '../../domain/signup/signup-evidence';
import type { PaymentEvidence } from '../../domain/payment/payment-evidence';
import type { Database } from '../schema';

/** What an erased signup answers as evidence: the required fields, each at its "nothing known" value. */
export const ERASED_SIGNUP_EVIDENCE: SignupEvidence = {
  location_events_quantity: 0,
  device_fraud_reputation: 'unknown',
  device_behavior_reputation: 'unknown',
  accessed_accounts: 0,
  app_reinstallations: 0,
  different_declared_addresses: 0,
};

export const ERASED_PAYMENT_EVIDENCE: PaymentEvidence = {
  location_events_quantity: 0,
  device_fraud_reputation: 'unknown',
  device_behavior_reputation: 'unknown',
  accessed_accounts: 0,
  app_reinstallations: 0,
  known_account: false,
  device_transaction_sum: [],
  first_device_login: false,
};

/** The id NOT NULL columns take once erased: the API refuses an empty installation or account id. */
export const ERASED_ID = '';

/** Rows of the subject go entirely (lib/db/subject/delete-subject-rows.ts), and how they are found. */
export const DELETED_TABLES = {
  installations: 'the installation',
  location_events: 'the installation',
  location_fingerprints: 'the installation',
  installation_accounts: 'links of the installation, or of the account',
  jobs: "the installation's reassessment job (its id and payload name the installation); other payloads hold generated ids",
  console_saved_filters: "analysts' saved queue filters whose search term names the installation or account",
} as const satisfies Partial<Record<keyof Database, string>>;

/** Tables that hold no end-user data, and why. */
export const TABLES_WITHOUT_END_USER_DATA = {
  tenants: 'the client',
  credentials: "the client's API credentials",
  app_keys: "the client's SDK keys",
  settings: 'service keys',
  users: "the client's console users (analysts), not its end users",
  stores: "the client's store registry",
  webhook_configs: "the client's endpoint",
  global_signal_opt_outs: "the client's choice about cross-tenant signals",
  tenant_thresholds: "the client's risk thresholds",
  webhook_attempts: "the client endpoint's replies (status, latency); the event body is in webhook_events",
  area_chargebacks: 'per-area counters of the tenant (H3 cells and counts), linked to no person',
  erasure_steps: 'row counts per step',
  tenant_retention: "the client's retention window",
  retention_runs: 'row counts per purge',
  erasures:
    'after completion a keyed digest, never the id (the id only while pending, to finish after a crash)',
  geo_streets: 'OpenStreetMap street index',
  geo_house_numbers: 'OpenStreetMap house numbers',
  geo_imports: 'OpenStreetMap import log',
  kysely_migration: 'schema version',
  kysely_migration_lock: 'schema version lock',
} as const;

type Scrub<T extends keyof Database> = { [K in keyof Updateable<Database[T]>]: Updateable<Database[T]>[K] };

interface ScrubbedTable<T extends keyof Database> {
  /** Columns overwritten with these values (erased_at, where present, is set to the erasure time). */
  scrub: Scrub<T>;
  /** Columns kept as they are: ids, verdicts, timestamps, review state, the client's own references. */
  keep: readonly (keyof Database[T] & string)[];
}

/** Rows that stay for the client's records, without a personal field. */
export const SCRUBBED_TABLES: {
  signups: ScrubbedTable<'signups'>;
  signup_assessments: ScrubbedTable<'signup_assessments'>;
  transactions: ScrubbedTable<'transactions'>;
  feedbacks: ScrubbedTable<'feedbacks'>;
  webhook_events: ScrubbedTable<'webhook_events'>;
  audit_log: ScrubbedTable<'audit_log'>;
} = {
  signups: {
    scrub: {
      installation_id: ERASED_ID,
      device_id: null,
      declared_address: '{}',
      geocode: null,
      address_cell_lat: null,
      address_cell_lng: null,
      evidence: JSON.stringify(ERASED_SIGNUP_EVIDENCE),
      // The model's contributions are feature values of the person's history (distances, counts).
      explanation: null,
      notify: 0,
    },
    keep: [
      'id',
      'tenant_id',
      'request_id',
      'risk_assessment',
      'reasons',
      'created_at',
      'updated_at',
      'reassess_until',
      // Whether the console's indexes hold the row yet (migration 0612): bookkeeping, no personal data.
      'console_indexed',
      'review_status',
      'assigned_to',
      'review_outcome',
      'reviewed_at',
      'reviewed_by',
      'erased_at',
    ],
  },
  signup_assessments: {
    scrub: { evidence: JSON.stringify(ERASED_SIGNUP_EVIDENCE), explanation: null },
    keep: ['id', 'tenant_id', 'signup_id', 'risk_assessment', 'reasons', 'trigger', 'assessed_at'],
  },
  transactions: {
    scrub: {
      installation_id: null,
      account_id: ERASED_ID,
      device_id: null,
      addresses: '[]',
      address_cell_lat: null,
      address_cell_lng: null,
      payment_value: null,
      payment_methods: '[]',
      location: null,
      // A payment registered with eval=false still answers {} (get-transaction reads `evaluated`).
      evidence: JSON.stringify(ERASED_PAYMENT_EVIDENCE),
      explanation: null,
    },
    keep: [
      'id',
      'tenant_id',
      'type',
      'external_id',
      'store_id',
      'evaluated',
      'risk_assessment',
      'reasons',
      'created_at',
      'console_indexed',
      'review_status',
      'assigned_to',
      'review_outcome',
      'reviewed_at',
      'reviewed_by',
      'erased_at',
    ],
  },
  feedbacks: {
    // Feedback about the subject's signups and payments loses its link to any device or account.
    scrub: { installation_id: null, account_id: null, comment: null },
    keep: [
      'id',
      'tenant_id',
      'event',
      'occurred_at',
      'expires_at',
      'external_id',
      'signup_id',
      'payment_id',
      'login_id',
      'origin',
      'author',
      'created_at',
    ],
  },
  webhook_events: {
    // The body names the installation and carries evidence; its verdicts and times are columns already.
    scrub: { body: '{}' },
    keep: [
      'id',
      'tenant_id',
      'signup_id',
      'event_type',
      'risk_assessment_before',
      'risk_assessment_after',
      'triggered_at',
      'created_at',
      'status',
      'attempts',
      'next_attempt_at',
      'delivered_at',
    ],
  },
  audit_log: {
    // Only the analyst's free-text comment is removed from before/after (scrub-subject.ts); who did what, when, stays.
    scrub: {},
    keep: [
      'id',
      'tenant_id',
      'actor_user_id',
      'action',
      'subject_type',
      'subject_id',
      'before',
      'after',
      'at',
    ],
  },
};

import type { Registry } from 'prom-client';
import type { makeCreateSignup } from '../usecases/create-signup';
import type { makeCreateTransaction } from '../usecases/create-transaction';
import type { EraseSubject } from '../usecases/erase-subject';
import type { ExportSubject } from '../usecases/export-subject';
import type { makeGetSignup } from '../usecases/get-signup';
import type { makeGetTransaction } from '../usecases/get-transaction';
import type { makeIngestSdkEvents } from '../usecases/ingest-sdk-events';
import type { makeIssueAccessToken } from '../usecases/issue-access-token';
import type { makeRecordFeedback } from '../usecases/record-feedback';
import type { makeUpdateSignupAddress } from '../usecases/update-signup-address';
import type { WebhookAdmin } from '../webhooks/webhook-admin';
import type { AccessTokenVerifier } from './auth/require-scope';
import type { Executor } from '../db/repositories/executor';
import type { Clock } from '../domain/clock';
import type { OidcSettings } from './routes/console/oidc-identity';

/** Everything the HTTP layer calls, built once by the composition root (lib/runtime). */
export interface ApiDeps {
  db: Executor;
  clock: Clock;
  metrics: Registry;
  verifyAccessToken: AccessTokenVerifier;
  findTenantIdByAppKey: (key: string) => Promise<string | null>;
  isReady: () => Promise<boolean>;
  createSignup: ReturnType<typeof makeCreateSignup>;
  getSignup: ReturnType<typeof makeGetSignup>;
  updateSignupAddress: ReturnType<typeof makeUpdateSignupAddress>;
  createTransaction: ReturnType<typeof makeCreateTransaction>;
  getTransaction: ReturnType<typeof makeGetTransaction>;
  recordFeedback: ReturnType<typeof makeRecordFeedback>;
  ingestSdkEvents: ReturnType<typeof makeIngestSdkEvents>;
  issueAccessToken: ReturnType<typeof makeIssueAccessToken>;
  webhooks: WebhookAdmin;
  eraseSubject: EraseSubject;
  exportSubject: ExportSubject;
  /** The identity provider console users may sign in through (AUTH_OIDC_ISSUER, AUTH_OIDC_CLIENT_ID), if any. */
  oidc: OidcSettings | null;
}

/**
 * The console's only door to the risk API. Server-side code builds one per request from the session's
 * user token; every reply is parsed with the console contracts before anything else sees it.
 */
import { z } from 'zod';
import {
  AppKeySchema,
  AccountProfileSchema,
  AssignmentSchema,
  BacktestSchema,
  AuditItemSchema,
  BulkResultSchema,
  CreatedCredentialSchema,
  CreatedUserSchema,
  DecisionResultSchema,
  DeviceProfileSchema,
  NextCaseSchema,
  OverviewSchema,
  PaymentDetailSchema,
  PaymentListSchema,
  SavedFilterSchema,
  SearchResultSchema,
  ThresholdSettingsSchema,
  StreetsSchema,
  SavedFiltersSchema,
  SessionSchema,
  SettingsSchema,
  SsoStatusSchema,
  SignupDetailSchema,
  SignupListSchema,
  UserRefSchema,
  UserSchema,
  type BacktestRequest,
  type BulkAction,
  type OverviewQuery,
  type PaymentDecision,
  type PaymentListQuery,
  type Role,
  type SignupDecision,
  type SignupListQuery,
  type StreetsQuery,
} from '../contracts/console/index';
import {
  WebhookAttemptsReplySchema,
  WebhookAttemptViewSchema,
  WebhookConfigReplySchema,
  WebhookConfigSchema,
  type WebhookConfigRequest,
} from '../contracts/webhook-config';
import { ErasureSummarySchema, type ErasureRequest } from '../contracts/subject-data';
import { ConsoleApiError } from './console-api-error';
import { apiRequest } from './http';

const BASE = '/api/console/v1';
const Ok = z.object({ ok: z.literal(true) });

export function createPasswordSession(email: string, password: string) {
  return apiRequest({
    method: 'POST',
    path: `${BASE}/session`,
    body: { email, password },
    schema: SessionSchema,
  });
}

export function createOidcSession(idToken: string) {
  return apiRequest({
    method: 'POST',
    path: `${BASE}/session/oidc`,
    body: { id_token: idToken },
    schema: SessionSchema,
  });
}

export type ConsoleApi = ReturnType<typeof consoleApi>;
type CaseKind = 'signups' | 'payments';

export function consoleApi(token: string) {
  const get = <S extends z.ZodType>(path: string, schema: S, query?: Record<string, unknown>) =>
    apiRequest({ path: BASE + path, schema, token, query: query as Record<string, string> });
  const send = <S extends z.ZodType>(
    method: 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    path: string,
    schema: S,
    body?: unknown,
  ) => apiRequest({ method, path: BASE + path, schema, token, body: body ?? {} });
  const caseActions = (kind: CaseKind) => ({
    claim: (id: string) => send('POST', `/${kind}/${encodeURIComponent(id)}/claim`, AssignmentSchema),
    assign: (id: string, userId: string | null) =>
      send('PUT', `/${kind}/${encodeURIComponent(id)}/assignment`, AssignmentSchema, { user_id: userId }),
    next: () => send('POST', `/${kind}/next`, NextCaseSchema),
    bulk: (action: BulkAction) => send('POST', `/${kind}/bulk`, BulkResultSchema, action),
  });

  return {
    signups: {
      list: (query: SignupListQuery) => get('/signups', SignupListSchema, query),
      get: (id: string) => get(`/signups/${encodeURIComponent(id)}`, SignupDetailSchema),
      decide: (id: string, decision: SignupDecision) =>
        send('POST', `/signups/${encodeURIComponent(id)}/decision`, DecisionResultSchema, decision),
      ...caseActions('signups'),
    },
    payments: {
      list: (query: PaymentListQuery) => get('/payments', PaymentListSchema, query),
      get: (id: string) => get(`/payments/${encodeURIComponent(id)}`, PaymentDetailSchema),
      decide: (id: string, decision: PaymentDecision) =>
        send('POST', `/payments/${encodeURIComponent(id)}/decision`, DecisionResultSchema, decision),
      ...caseActions('payments'),
    },
    savedFilters: {
      list: (kind: CaseKind) => get('/saved-filters', SavedFiltersSchema, { kind }),
      save: (kind: CaseKind, name: string, query: Record<string, string>) =>
        send('POST', '/saved-filters', SavedFilterSchema, { kind, name, query }),
      remove: (id: string) => send('DELETE', `/saved-filters/${encodeURIComponent(id)}`, Ok),
    },
    device: (id: string) => get(`/devices/${encodeURIComponent(id)}`, DeviceProfileSchema),
    account: (id: string) => get(`/accounts/${encodeURIComponent(id)}`, AccountProfileSchema),
    search: (q: string) => get('/search', SearchResultSchema, { q }),
    streets: (box: StreetsQuery) => get('/map/streets', StreetsSchema, box),
    thresholds: {
      get: () => get('/thresholds', ThresholdSettingsSchema),
      backtest: (request: BacktestRequest) => send('POST', '/backtest', BacktestSchema, request),
      apply: (kind: 'signup' | 'payment', thresholds: { low: number; high: number }) =>
        send('PUT', '/thresholds', ThresholdSettingsSchema, { kind, thresholds }),
    },
    overview: (query: OverviewQuery) => get('/overview', OverviewSchema, query),
    assignableUsers: () => get('/users/assignable', z.object({ users: z.array(UserRefSchema) })),
    audit: (query: { cursor?: string; limit?: number }) =>
      get('/audit', z.object({ items: z.array(AuditItemSchema), next_cursor: z.string().nullable() }), query),
    webhook: {
      /** The tenant's webhook configuration, or null when none is set. */
      get: () =>
        get('/webhook', WebhookConfigSchema).catch((error: unknown) => {
          if (error instanceof ConsoleApiError && error.code === 'not_found') return null;
          throw error;
        }),
      configure: (input: WebhookConfigRequest) => send('PUT', '/webhook', WebhookConfigReplySchema, input),
      test: () => send('POST', '/webhook/test', WebhookAttemptViewSchema),
      attempts: () => get('/webhook/attempts', WebhookAttemptsReplySchema),
    },
    erase: (request: ErasureRequest) => send('POST', '/erasures', ErasureSummarySchema, request),
    settings: {
      get: () => get('/settings', SettingsSchema),
      sso: () => get('/sso', SsoStatusSchema),
      createCredential: (label?: string) => send('POST', '/credentials', CreatedCredentialSchema, { label }),
      revokeCredential: (clientId: string) =>
        send('DELETE', `/credentials/${encodeURIComponent(clientId)}`, Ok),
      createAppKey: () => send('POST', '/app-keys', AppKeySchema),
      revokeAppKey: (key: string) => send('DELETE', `/app-keys/${encodeURIComponent(key)}`, Ok),
      createUser: (input: { email: string; role: Role; password?: string }) =>
        send('POST', '/users', CreatedUserSchema, input),
      updateUser: (id: string, input: { role?: Role; disabled?: boolean }) =>
        send('PATCH', `/users/${encodeURIComponent(id)}`, UserSchema, input),
    },
  };
}

import type { DriveItemResult, IngestionTotals } from './drive-types';
import { postJson, type FetchLike, type JsonReply } from './post-json';
import { planTimeline, type TimelineStep } from './plan-timeline';
import { ingestionBodies, signupBody, transactionBody, type ServiceIds } from './to-wire';
import type { TokenSource } from './token-source';
import type { SimulatedDevice } from './types';
import type { AssessmentReply } from './wire-types';

export interface DeviceDriverDeps {
  baseUrl: string;
  appKey: string;
  fetch: FetchLike;
  tokens: TokenSource;
  ingestion: IngestionTotals;
  /** How assessments name the installation: by id, or by the request_token of the last ingestion (newest clients). */
  identifyBy: 'installation_id' | 'request_token';
}

/**
 * An authenticated POST; one fresh token and a second try after a 401 (the token expired mid-run).
 * A request that never got an answer becomes status 0 with the error as body, so one dead request does not end the run.
 */
async function postAuthorized(deps: DeviceDriverDeps, path: string, body: unknown): Promise<JsonReply> {
  const send = async () =>
    postJson(deps.fetch, `${deps.baseUrl}${path}`, body, {
      authorization: `Bearer ${await deps.tokens.get()}`,
    });
  try {
    const reply = await send();
    if (reply.status !== 401) return reply;
    deps.tokens.invalidate();
    return await send();
  } catch (error) {
    return { status: 0, body: error instanceof Error ? error.message : String(error) };
  }
}

async function ingest(
  deps: DeviceDriverDeps,
  device: SimulatedDevice,
  step: Extract<TimelineStep, { kind: 'events' }>,
): Promise<string | null> {
  let requestToken: string | null = null;
  for (const body of ingestionBodies(device, step.events, step.tsStyle)) {
    deps.ingestion.requests++;
    const reply = await postJson(deps.fetch, `${deps.baseUrl}/api/v2/sdk/events`, body, {
      'x-app-key': deps.appKey,
    }).catch((): JsonReply => ({ status: 0, body: null }));
    const parsed = reply.body as { accepted?: number; rejected?: unknown[]; request_token?: unknown } | null;
    if (typeof parsed?.request_token === 'string') requestToken = parsed.request_token;
    if (reply.status !== 202 && reply.status !== 200) deps.ingestion.failedRequests++;
    deps.ingestion.accepted += parsed?.accepted ?? 0;
    deps.ingestion.rejected += Array.isArray(parsed?.rejected) ? parsed.rejected.length : 0;
  }
  return requestToken;
}

/** Swaps installation_id for the SDK's request_token when asked to and one was given. */
function identify<T extends { installation_id: string }>(
  deps: DeviceDriverDeps,
  body: T,
  requestToken: string | null,
): Omit<T, 'installation_id'> & { installation_id?: string; request_token?: string } {
  if (deps.identifyBy !== 'request_token' || requestToken === null) return body;
  const { installation_id: _installationId, ...rest } = body;
  return { ...rest, request_token: requestToken };
}

function toResult(
  device: SimulatedDevice,
  kind: DriveItemResult['kind'],
  ts: number,
  index: number | null,
  status: number,
  body: unknown,
): DriveItemResult {
  const reply = (status === 200 && body && typeof body === 'object' ? body : {}) as AssessmentReply;
  const payment = index === null ? null : device.payments[index];
  return {
    kind,
    installationId: device.installationId,
    accountId: device.accountId,
    scenario: payment?.scenario ?? device.scenario,
    label: payment?.label ?? device.label,
    ts,
    paymentIndex: index,
    status,
    verdict: status === 200 && reply.risk_assessment ? reply.risk_assessment : 'error',
    id: reply.id ?? null,
    reasons: reply.reasons ?? [],
    evidence: reply.evidence ?? null,
    error:
      status === 200 ? null : `HTTP ${status}${typeof body === 'string' ? `: ${body.slice(0, 200)}` : ''}`,
  };
}

/** Plays one device's timeline against the API: events, then its signup and payments at their moments. */
export async function driveDevice(
  deps: DeviceDriverDeps,
  device: SimulatedDevice,
): Promise<{ results: DriveItemResult[]; ids: ServiceIds }> {
  const results: DriveItemResult[] = [];
  const ids: ServiceIds = { signupId: null, transactionIds: device.payments.map(() => null) };
  let requestToken: string | null = null;
  for (const step of planTimeline(device)) {
    if (step.kind === 'events') {
      requestToken = (await ingest(deps, device, step)) ?? requestToken;
    } else if (step.kind === 'signup') {
      const reply = await postAuthorized(
        deps,
        '/api/v2/onboarding/signups',
        identify(deps, signupBody(device), requestToken),
      );
      const result = toResult(device, 'signup', step.ts, null, reply.status, reply.body);
      ids.signupId = result.id;
      results.push(result);
    } else {
      const payment = device.payments[step.index]!;
      const reply = await postAuthorized(
        deps,
        '/api/v2/authentication/transactions',
        identify(deps, transactionBody(device, payment, step.index), requestToken),
      );
      const result = toResult(device, payment.kind, step.ts, step.index, reply.status, reply.body);
      ids.transactionIds[step.index] = result.id;
      results.push(result);
    }
  }
  return { results, ids };
}

// A signup's first assessment is its own row until a later assessment is recorded (signup-history.ts):
// no `signup_assessments` row at creation, yet the console, the subject export and the device page show
// its created entry; the first reassessment copies the ORIGINAL verdict into the history before its own.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErasureSummary, SubjectExport } from '../../../lib/contracts/subject-data';
import { makeRepos } from '../../../lib/db/repositories/index';
import type { Reason } from '../../../lib/domain/risk';
import type { SignupEvidence } from '../../../lib/domain/signup/signup-evidence';
import { TEST_ENGINES } from '../engines';
import { DEVICE, eventsAround, startTestApi, type TestApi } from '../test-api';
import { signInConsoleUsers, type ConsoleUsers } from './console-users';

const HOME = { lat: -23.5614, lng: -46.6559 };
const FAR = { lat: HOME.lat + 0.18, lng: HOME.lng }; // ~20 km away: a new verdict

interface Entry {
  id: string;
  risk_assessment: string;
  reasons: unknown;
  evidence: Record<string, unknown>;
  explanation: unknown;
  trigger: string;
  assessed_at: number;
}
interface Detail {
  signup: {
    risk_assessment: string;
    reasons: unknown;
    evidence: Record<string, unknown>;
    explanation: unknown;
    created_at: number;
  };
  assessments: Entry[];
}

describe.each(TEST_ENGINES)('created assessment kept implicit on %s', (engine) => {
  let t: TestApi;
  let users: ConsoleUsers;

  beforeAll(async () => {
    t = await startTestApi(engine);
    users = await signInConsoleUsers(t, `created.${engine}.test`);
  });
  afterAll(() => t.close());

  async function signupOn(installationId: string): Promise<string> {
    await t.ingest(installationId, {
      device_id: `dev-${installationId}`,
      device: DEVICE,
      events: eventsAround(HOME, 30, t.clock.now()),
    });
    const reply = await t.request('POST', '/api/v2/onboarding/signups', {
      installation_id: installationId,
      address_coordinates: HOME,
    });
    expect(reply.statusCode).toBe(200);
    return reply.json<{ id: string }>().id;
  }
  const detail = async (id: string) => {
    const reply = await users.call('GET', `/api/console/v1/signups/${id}`, 'analyst');
    expect(reply.statusCode).toBe(200);
    return reply.json<Detail>();
  };
  const stored = (id: string) =>
    t.runtime.db
      .selectFrom('signup_assessments')
      .select(['id', 'risk_assessment', 'evidence', 'trigger', 'assessed_at'])
      .where('signup_id', '=', id)
      .orderBy('assessed_at')
      .execute();
  const moveAddress = async (id: string) => {
    t.clock.advance(60_000);
    const reply = await t.request('PUT', `/api/v2/onboarding/signups/${id}`, { address_coordinates: FAR });
    expect(reply.statusCode).toBe(200);
  };

  it('a new signup stores no history row, yet shows its verdict as its created assessment', async () => {
    const id = await signupOn('implicit');
    expect(await stored(id)).toEqual([]);

    const { signup, assessments } = await detail(id);
    expect(assessments).toEqual([
      {
        id,
        risk_assessment: signup.risk_assessment,
        reasons: signup.reasons,
        evidence: signup.evidence,
        explanation: signup.explanation,
        trigger: 'created',
        assessed_at: signup.created_at,
      },
    ]);

    const exported = await t.request('GET', '/api/v2/admin/installations/implicit/export');
    expect(exported.statusCode).toBe(200);
    const [row] = exported.json<SubjectExport>().signups;
    expect(row?.assessments).toEqual([
      {
        risk_assessment: row?.risk_assessment,
        reasons: row?.reasons,
        evidence: row?.evidence,
        trigger: 'created',
        assessed_at: row?.created_at,
      },
    ]);

    const device = await users.call('GET', '/api/console/v1/devices/implicit', 'analyst');
    expect(device.statusCode).toBe(200);
    const integrity = signup.evidence.device_integrity;
    expect(integrity).toBeDefined();
    expect(device.json<{ integrity_history: unknown[] }>().integrity_history).toContainEqual({
      at: signup.created_at,
      case_kind: 'signup',
      case_id: id,
      flags: integrity,
    });
  });

  it('the first reassessment keeps the original verdict as the created entry, then adds its own', async () => {
    const id = await signupOn('reassessed');
    const before = await detail(id);
    await moveAddress(id);

    const after = await detail(id);
    expect(after.signup.evidence).not.toEqual(before.signup.evidence);
    expect(after.assessments).toHaveLength(2);
    // The created entry as it was shown before the reassessment, id included.
    expect(after.assessments[0]).toEqual(before.assessments[0]);
    expect(after.assessments[1]).toMatchObject({
      risk_assessment: after.signup.risk_assessment,
      reasons: after.signup.reasons,
      evidence: after.signup.evidence,
      explanation: after.signup.explanation,
      trigger: 'address_updated',
      assessed_at: before.signup.created_at + 60_000,
    });
    const rows = await stored(id);
    expect(rows.map((r) => [r.trigger, JSON.parse(r.evidence) as unknown])).toEqual([
      ['created', before.signup.evidence],
      ['address_updated', after.signup.evidence],
    ]);

    // A second reassessment adds its row and copies nothing again.
    t.clock.advance(60_000);
    const back = await t.request('PUT', `/api/v2/onboarding/signups/${id}`, { address_coordinates: HOME });
    expect(back.statusCode).toBe(200);
    expect((await detail(id)).assessments.map((a) => a.trigger)).toEqual([
      'created',
      'address_updated',
      'address_updated',
    ]);
    expect(await stored(id)).toHaveLength(3);
  });

  it('a signup stored with its created row (before this change) shows that row and gets no second one', async () => {
    const id = await signupOn('stored-created');
    const { signup } = await detail(id);
    const createdRowId = randomUUID();
    await makeRepos(t.runtime.db).signups.insertAssessment({
      id: createdRowId,
      tenantId: t.tenant.tenant_id,
      signupId: id,
      riskAssessment: signup.risk_assessment as 'low_risk',
      reasons: signup.reasons as Reason[],
      evidence: signup.evidence as unknown as SignupEvidence,
      explanation: null,
      trigger: 'created',
      assessedAt: signup.created_at,
    });
    expect((await detail(id)).assessments).toMatchObject([{ id: createdRowId, trigger: 'created' }]);

    await moveAddress(id);
    expect((await stored(id)).map((r) => [r.id === createdRowId, r.trigger])).toEqual([
      [true, 'created'],
      [false, 'address_updated'],
    ]);
  });

  it('an erasure counts the created assessment a signup holds among the scrubbed history', async () => {
    await signupOn('erased');
    const reply = await t.request('DELETE', '/api/v2/admin/installations/erased');
    expect(reply.statusCode).toBe(200);
    expect(reply.json<ErasureSummary>().scrubbed).toMatchObject({ signups: 1, signup_assessments: 1 });
  });
});

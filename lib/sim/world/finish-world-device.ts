import { generateFeedback } from '../generate-feedback';
import { haversineMeters } from '../geo';
import type {
  DeclaredAddress,
  DeviceInfo,
  GroundTruth,
  Label,
  LatLng,
  ScenarioName,
  SimEvent,
  SimPayment,
  SimulatedDevice,
} from '../types';
import type { AppKind } from './app/app-kind';
import { planUploads } from './app/plan-uploads';
import type { WorldContext } from './world-context';

/** "At the address": the person stands within this many metres of the declared place. */
export const AT_ADDRESS_M = 200;

export interface WorldDeviceDraft {
  identity: Pick<SimulatedDevice, 'installationId' | 'deviceId' | 'accountId'>;
  device: DeviceInfo;
  events: SimEvent[];
  app: AppKind;
  phone: string;
  life: string;
  zone: string;
  declaredAddress: DeclaredAddress | null;
  /** Where the declared address truly is (null: no signup, or an address of no place of this person's). */
  declaredPoint: LatLng | null;
  signupAt: number | null;
  payments: SimPayment[];
  scenario: ScenarioName;
  label: Label;
  truth: GroundTruth;
  phase: 0 | 1;
  /** Where the person truly is at an instant (null: nobody, an emulator). */
  whereAt: ((ts: number) => LatLng) | null;
}

/**
 * The common end of every world device: whether the person stood at the declared address at the signup
 * and each payment, how the phone's fixes reach the service, and the client's feedback.
 */
export function finishWorldDevice(ctx: WorldContext, draft: WorldDeviceDraft): SimulatedDevice {
  const { declaredPoint, whereAt } = draft;
  const atAddress = (ts: number) =>
    declaredPoint !== null && whereAt !== null && haversineMeters(whereAt(ts), declaredPoint) <= AT_ADDRESS_M;
  const payments = draft.payments.map((p) => ({ ...p, atHome: atAddress(p.ts) }));
  const actions = [...(draft.signupAt === null ? [] : [draft.signupAt]), ...payments.map((p) => p.ts)];
  const device: SimulatedDevice = {
    ...draft.identity,
    device: draft.device,
    events: draft.events,
    declaredAddress: draft.declaredAddress,
    signupAt: draft.signupAt,
    scenario: draft.scenario,
    label: draft.label,
    payments,
    feedback: [],
    truth: draft.truth,
    phase: draft.phase,
    uploads: planUploads(ctx.random.fork('uploads'), draft.events, { app: draft.app, actions, now: ctx.now }),
    traits: { world: ctx.world.name, life: draft.life, phone: draft.phone, app: draft.app, zone: draft.zone },
    ...(draft.signupAt === null ? {} : { signupAtHome: atAddress(draft.signupAt) }),
  };
  device.feedback = generateFeedback(ctx.random, device, ctx.now);
  return device;
}

import type { Card } from '../generate-payment';
import type {
  DeclaredAddress,
  DeviceInfo,
  Label,
  LatLng,
  ScenarioName,
  SimEvent,
  SimulatedDevice,
} from '../types';
import { finishWorldDevice } from './finish-world-device';
import type { LivedPerson } from './live-person';
import type { WorldContext } from './world-context';
import { worldPayments } from './world-payments';

export interface AccountDeviceDraft {
  /** The account's first device, signed up earlier (phase 0). */
  owner: SimulatedDevice;
  identity: Pick<SimulatedDevice, 'installationId' | 'deviceId'>;
  device: DeviceInfo;
  phoneKind: string;
  /** Who holds this device, and what it sent. */
  holder: LivedPerson;
  events: SimEvent[];
  /** Logins and payments happen after this instant. */
  after: number;
  scenario: ScenarioName;
  label: Label;
  /** Where goods go (default: the owner's declared address). */
  shipping?: DeclaredAddress | null;
}

function ownerCard(owner: SimulatedDevice): Card | undefined {
  return owner.payments.find((p) => p.payment_methods.length > 0)?.payment_methods[0];
}

/**
 * Another installation on an existing account — a new phone, a reinstall, or an attacker's phone — that
 * logs in and pays with the card on file, without signing up (driven after the owner, phase 1).
 */
export function accountDevice(ctx: WorldContext, d: AccountDeviceDraft): SimulatedDevice {
  const home = d.owner.declaredAddress;
  const declaredPoint: LatLng | null = home?.address_coordinates ?? d.owner.truth.home;
  const card = ownerCard(d.owner);
  const payments = worldPayments(ctx, {
    events: d.events,
    after: d.after,
    count: Math.max(1, ctx.random.int(...ctx.world.payments)),
    countryCode: d.holder.city.countryCode,
    ...(card ? { card } : {}),
    home,
    shipping: d.shipping === undefined ? home : d.shipping,
    label: d.label,
    scenario: d.scenario,
  });
  return finishWorldDevice(ctx, {
    identity: { ...d.identity, accountId: d.owner.accountId },
    device: d.device,
    events: d.events,
    app: d.holder.app,
    phone: d.phoneKind,
    life: d.holder.life.name,
    zone: d.holder.clock.zone,
    declaredAddress: null,
    declaredPoint,
    signupAt: null,
    payments,
    scenario: d.scenario,
    label: d.label,
    truth: {
      home: d.holder.places.home,
      work: d.holder.places.work,
      leisure: [...d.holder.places.leisure],
      declaredDistanceM: null,
    },
    phase: 1,
    whereAt: (ts) => d.holder.trajectory.whereAt(ts).point,
  });
}

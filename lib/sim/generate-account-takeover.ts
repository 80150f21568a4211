import { CITIES, nearestCity } from './cities';
import { generateAddress } from './generate-address';
import { generateDeviceInfo } from './generate-device-info';
import { generateFeedback } from './generate-feedback';
import { generateIdentity } from './generate-ids';
import { generateCard, generatePayment, type Card } from './generate-payment';
import { generateRoutine } from './generate-routine';
import type { GenerationContext } from './generation-context';
import { declareAddress } from './declare-address';
import { placeAtDistance, placeInCity, placeNear } from './place-people';
import { HARD, isHard } from './realism';
import type { LatLng, SimPayment, SimulatedDevice } from './types';

const HOUR_MS = 3_600_000;

function victimCard(victim: SimulatedDevice): Card | undefined {
  return victim.payments.find((p) => p.payment_methods.length > 0)?.payment_methods[0];
}

/**
 * An attacker who stole an honest user's credentials logs in on their own phone (a new installation and device),
 * from another city or at least 20–60 km from anywhere the victim goes, and pays with the victim's saved card.
 * `victim` is an honest device generated just before; the attacker is driven after it (phase 1).
 */
export function generateAccountTakeover(ctx: GenerationContext, victim: SimulatedDevice): SimulatedDevice {
  const { random, now } = ctx;
  const victimHome = victim.truth.home ?? CITIES[0]!.centre;
  const victimCity = nearestCity(victimHome);
  const otherCity = random.pick(CITIES.filter((c) => c !== victimCity));
  const hard = isHard(ctx);
  // Hard population: a third of the attackers live in the victim's own city, 5–20 km away.
  const near = hard && random.chance(0.35);
  const lair: LatLng = near
    ? placeAtDistance(random, victimHome, victimCity, random.float(5_000, 20_000))
    : random.chance(0.7)
      ? placeInCity(random, otherCity)
      : placeAtDistance(random, victimHome, victimCity, random.float(20_000, 60_000));
  const lairCity = near ? victimCity : random.chance(0.7) ? otherCity : victimCity;
  const arrivedAt = (victim.signupAt ?? now - 24 * HOUR_MS) + random.float(0.5, 4) * HOUR_MS;
  const events = generateRoutine(random, {
    places: { home: lair, work: null, leisure: [placeNear(random, lair, 3000)] },
    from: arrivedAt,
    to: now,
    density: random.float(0.8, 1.5),
  });
  const attackAt = Math.round(random.float(arrivedAt + HOUR_MS, now - 10 * 60_000));
  const where = events.filter((e) => e.ts <= attackAt).at(-1) ?? null;
  const location = where ? { lat: where.lat, lng: where.lng } : lair;
  const countryCode = victimCity.countryCode;
  const card = victimCard(victim) ?? generateCard(random, countryCode);
  const drop = declareAddress(
    random,
    generateAddress(random, lairCity, placeNear(random, lair, 2000)),
    ctx.coordinatesShare,
  );
  const payments: SimPayment[] = [];
  if (random.chance(0.6)) payments.push(attackPayment('login', attackAt - 120_000));
  payments.push(attackPayment('payment', attackAt));
  if (random.chance(0.3))
    payments.push(attackPayment('payment', Math.min(now, attackAt + random.int(2, 9) * 60_000)));

  function attackPayment(kind: 'payment' | 'login', ts: number): SimPayment {
    return generatePayment(random, {
      ts,
      kind,
      location,
      countryCode,
      card,
      shipping: random.chance(0.6) ? drop : victim.declaredAddress,
      home: victim.declaredAddress,
      amountRange: hard && random.chance(HARD.fraudOrdinaryShare) ? HARD.ordinaryAmount : [200, 3000],
      label: 'fraud',
      scenario: 'account_takeover',
    });
  }

  const attacker: SimulatedDevice = {
    ...generateIdentity(random),
    accountId: victim.accountId,
    device: generateDeviceInfo(random, { probable_root: random.chance(hard ? HARD.rootedShare : 0.2) }),
    events,
    declaredAddress: null,
    signupAt: null,
    scenario: 'account_takeover',
    label: 'fraud',
    payments,
    feedback: [],
    truth: { home: lair, work: null, leisure: [], declaredDistanceM: null },
    phase: 1,
  };
  attacker.feedback = generateFeedback(random, attacker, now);
  return attacker;
}

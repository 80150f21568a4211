import type { Random } from '../random';
import type { LatLng } from '../types';
import type { AppKind } from './app/app-kind';
import type { Life } from './lives/life';
import { LIFE_BY_NAME } from './lives/lives';
import { drawPhone } from './phone/draw-phone';
import type { PhoneProfile } from './phone/phone-profile';
import { pickWeighted } from './pick-weighted';
import type { WorldCity } from './world-city';
import type { WorldSpec } from './world-spec';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** What every world generator receives: its own random stream, the world, and "now". */
export interface WorldContext {
  random: Random;
  world: WorldSpec;
  now: number;
  /** Every building an address of the world was written for (the world's street index covers them). */
  buildings: { city: WorldCity; point: LatLng }[];
}

/** Who someone is in this world, drawn from its mixes: the same draw for honest people and fraudsters. */
export interface PersonDraw {
  life: Life;
  city: WorldCity;
  phone: PhoneProfile;
  app: AppKind;
}

export function drawPerson(ctx: WorldContext, city?: WorldCity): PersonDraw {
  const { random, world } = ctx;
  return {
    life: LIFE_BY_NAME[pickWeighted(random, world.lives)],
    city: city ?? random.pick(world.cities),
    phone: drawNewPhone(ctx),
    app: pickWeighted(random, world.apps),
  };
}

/** Another phone from the world's mix (a new phone, an attacker's phone, a farm's rack phone). */
export function drawNewPhone(ctx: WorldContext): PhoneProfile {
  return drawPhone(ctx.random, {
    kind: pickWeighted(ctx.random, ctx.world.phones),
    signalShare: ctx.world.signalShare,
  });
}

/** First instant of a device's history: the world's range of days before now. */
export function worldHistoryStart(ctx: WorldContext): number {
  return ctx.now - ctx.random.float(...ctx.world.historyDays) * DAY_MS;
}

/** Signups happen 20–30 h before now, leaving a day of life and payments after them. */
export function worldSignupWindow(ctx: WorldContext): [number, number] {
  return [ctx.now - 30 * HOUR_MS, ctx.now - 20 * HOUR_MS];
}

import { declareAddress } from '../../declare-address';
import { haversineMeters } from '../../geo';
import { placeInCity, placeNear } from '../../place-people';
import type { Address, DeclaredAddress, LatLng } from '../../types';
import type { LifePlaces } from '../lives/life';
import { worldAddress } from '../world-address';
import { WORLD_CITIES, type WorldCity } from '../world-city';
import type { WorldContext } from '../world-context';

/** A victim's real address, as a fraudster declares it (correctly: copied from a leaked record). */
export interface StolenWorldAddress {
  city: WorldCity;
  address: Address;
  declared: DeclaredAddress;
}

export function stolenAt(ctx: WorldContext, city: WorldCity, point: LatLng): StolenWorldAddress {
  const address = worldAddress(ctx, city, point);
  return { city, address, declared: declareAddress(ctx.random, address, ctx.world.coordinatesShare) };
}

/** Somebody's address anywhere in `city` (a random city of the world when absent). */
export function stealWorldAddress(
  ctx: WorldContext,
  city: WorldCity = ctx.random.pick(ctx.world.cities),
): StolenWorldAddress {
  return stolenAt(ctx, city, placeInCity(ctx.random, city));
}

/** A world city at least 100 km from `from` (of this world when it has one, else of any). */
export function farCity(ctx: WorldContext, from: LatLng): WorldCity {
  const far = (cities: readonly WorldCity[]) =>
    cities.filter((c) => haversineMeters(c.centre, from) >= 100_000);
  const own = far(ctx.world.cities);
  return ctx.random.pick(own.length > 0 ? own : far(Object.values(WORLD_CITIES)));
}

/**
 * An address `[minM, maxM]` from `reference`, at least 400 m from every place of the fraudster's own life
 * (a neighbour's address must not be the fraudster's office).
 */
export function stealNear(
  ctx: WorldContext,
  places: LifePlaces,
  reference: LatLng,
  [minM, maxM]: [number, number],
): StolenWorldAddress {
  const own = [places.home, ...(places.work ? [places.work] : []), ...places.leisure, ...places.errands];
  let point = reference;
  for (let attempt = 0; attempt < 20; attempt++) {
    point = placeNear(ctx.random, reference, maxM);
    const d = haversineMeters(point, reference);
    if (d >= minM && own.every((p) => haversineMeters(p, point) >= 400)) break;
  }
  return stolenAt(ctx, places.city, point);
}

import { CITIES } from './cities';
import type { City } from './city';
import { declareAddress } from './declare-address';
import { generateAddress } from './generate-address';
import type { GenerationContext } from './generation-context';
import { placeInCity } from './place-people';
import type { Address, DeclaredAddress } from './types';

/** A victim's real address, as a fraudster declares it (correctly: they copied it from a leaked record). */
export interface StolenAddress {
  city: City;
  address: Address;
  declared: DeclaredAddress;
}

export function stealAddress(ctx: GenerationContext, city: City = ctx.random.pick(CITIES)): StolenAddress {
  const address = generateAddress(ctx.random, city, placeInCity(ctx.random, city));
  return { city, address, declared: declareAddress(ctx.random, address, ctx.coordinatesShare) };
}

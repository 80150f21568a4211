import type { SimulatedDevice } from '../../types';
import type { WorldContext } from '../world-context';
import type { HonestVariant } from '../world-spec';
import { generateHonestMover } from './honest-mover';
import { generateHonestPerson } from './honest-person';
import { generateHonestSecondDevice } from './honest-second-device';
import { generateHonestSharedDevice } from './honest-shared-device';
import { generateHonestTraveller } from './honest-traveller';

/** One honest case: an ordinary life, or one of the variants (some yield two installations). */
export function generateWorldHonestCase(
  ctx: WorldContext,
  variant: HonestVariant | 'ordinary',
): SimulatedDevice[] {
  switch (variant) {
    case 'ordinary':
      return [generateHonestPerson(ctx)];
    case 'declares_work':
      return [generateHonestPerson(ctx, true)];
    case 'traveller':
      return [generateHonestTraveller(ctx)];
    case 'moved':
      return [generateHonestMover(ctx)];
    case 'shared_device':
      return generateHonestSharedDevice(ctx);
    case 'new_device':
    case 'reinstall':
      return generateHonestSecondDevice(ctx, variant);
  }
}

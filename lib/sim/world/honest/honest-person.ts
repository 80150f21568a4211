import type { SimulatedDevice } from '../../types';
import { livePerson } from '../live-person';
import { drawPerson, worldHistoryStart, type WorldContext } from '../world-context';
import { honestSignup } from './honest-signup';

/**
 * An honest person living an ordinary life of the world; with `declaresWork`, one who gives their
 * workplace (or campus) as the address — deliveries to the office are ordinary too.
 */
export function generateHonestPerson(ctx: WorldContext, declaresWork = false): SimulatedDevice {
  const person = livePerson(ctx, drawPerson(ctx), worldHistoryStart(ctx), ctx.now);
  const work = declaresWork ? person.places.work : null;
  return honestSignup(ctx, person, work ? { declare: work, scenario: 'honest_declares_work' } : {});
}

import type { SignupList } from '../contracts/console/index';
import { adaptQueuePage, type QueueView } from './adapt-queue-page';
import { formatMetres } from './format';

export function adaptSignupList(list: SignupList, now: number): QueueView {
  return adaptQueuePage(
    'signups',
    list,
    (s) => ({
      subject: s.address_label ?? 'No address declared',
      detail:
        s.distance_from_last_location_m === null
          ? `${s.location_events_quantity ?? 0} location events`
          : `last location ${formatMetres(s.distance_from_last_location_m)} from the address`,
      changedAt: s.updated_at,
      flaggedAt: s.flagged_at,
      score: s.score,
    }),
    now,
  );
}

import type { LocationEvent } from '../../../lib/domain/location';
import type { eventsAround } from '../test-api';

/** Wire events (eventsAround) as the repository stores them, for seeding tables straight past the API. */
export function storedEvents(wire: ReturnType<typeof eventsAround>): LocationEvent[] {
  return wire.map((e) => ({
    ts: e.ts,
    lat: e.lat,
    lng: e.lng,
    accuracyM: e.accuracy_m,
    source: 'gps',
    mock: false,
  }));
}

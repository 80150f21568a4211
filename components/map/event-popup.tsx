import { formatDateTime, formatMetres } from '../../lib/console-api/format';
import type { MapEvent } from '../../lib/console-api/map-view';

/** What a location event is, on hover: when, how precise, from which sensor, and whether it was mocked. */
export function EventPopup({ event, sharing }: { event: MapEvent; sharing: number }) {
  return (
    <div className="event-popup" data-testid="event-popup">
      <strong>{formatDateTime(event.ts)}</strong>
      <div>
        accuracy {event.accuracyM === null ? 'unknown' : formatMetres(event.accuracyM)} · {event.source}
      </div>
      {event.mock ? <div className="error">marked as a mock location by the device</div> : null}
      {sharing > 1 ? <div className="muted">the newest of {sharing} events at this spot</div> : null}
    </div>
  );
}

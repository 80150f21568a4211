import { formatDateTime } from '../../lib/console-api/format';
import type { MapEvent } from '../../lib/console-api/map-view';

interface Props {
  /** The events oldest first. */
  eventsByTime: MapEvent[];
  /** 0: none; k: the k-th oldest event is shown on the map with its details. */
  step: number;
  onStep(step: number): void;
  onFitAll(): void;
  /** How many events are outside the map's view (the first view fits the address and its rings). */
  outside: number;
  /** Null when there are no rings to zoom to. */
  onFitRings: (() => void) | null;
}

/**
 * The map's own controls, outside the canvas so that a keyboard reaches them: zoom to all the evidence or
 * to the chargeback rings, and step through the location events in time (each shows its popup).
 */
export function MapToolbar({ eventsByTime, step, onStep, onFitAll, onFitRings, outside }: Props) {
  const current = step > 0 ? eventsByTime[step - 1] : undefined;
  return (
    <div className="map-toolbar" role="group" aria-label="Map view" data-testid="map-toolbar">
      <button type="button" onClick={onFitAll} data-testid="fit-all">
        All evidence
      </button>
      {outside > 0 ? (
        <span className="small muted" data-testid="events-outside">
          {outside} {outside === 1 ? 'event' : 'events'} outside this view
        </span>
      ) : null}
      {onFitRings ? (
        <button type="button" onClick={onFitRings} data-testid="fit-rings">
          Around the address
        </button>
      ) : null}
      {eventsByTime.length > 0 ? (
        <label className="map-stepper">
          <span>Events in time</span>
          <input
            type="range"
            min={0}
            max={eventsByTime.length}
            value={step}
            onChange={(e) => onStep(Number(e.target.value))}
            data-testid="event-stepper"
            aria-valuetext={
              current
                ? `event ${step} of ${eventsByTime.length}, ${formatDateTime(current.ts)}`
                : 'none shown'
            }
          />
          <span className="small muted" aria-live="polite">
            {current ? `${step} of ${eventsByTime.length} · ${formatDateTime(current.ts)}` : 'none shown'}
          </span>
        </label>
      ) : null}
    </div>
  );
}

import { formatDateTime } from '../../lib/console-api/format';
import type { MapView } from '../../lib/console-api/map-view';
import { eventTimeRange, ringColour } from './map-layers';
import { PLACE_SYMBOLS } from './place-marker';

/** What each symbol and colour of the map means, with the distances and rates in words. */
export function MapLegend({ view }: { view: MapView }) {
  const range = eventTimeRange(view);
  const kinds = [...new Set(view.places.map((p) => p.kind))];
  return (
    <div className="map-legend" data-testid="map-legend">
      {view.address ? (
        <span>
          <span className="legend-pin" aria-hidden="true" /> Declared address
        </span>
      ) : (
        <span>No declared address point</span>
      )}
      <span>
        <span className="legend-gradient" aria-hidden="true" /> Location events, older → newer (
        {view.events.length}
        {view.eventsTotal > view.events.length ? ` of ${view.eventsTotal.toLocaleString('en')}` : ''}
        {range ? `, ${formatDateTime(range.from)} → ${formatDateTime(range.to)}` : ''}); hover one for its
        time, accuracy and source
      </span>
      {view.events.some((e) => e.mock) ? (
        <span>
          <span className="swatch" style={{ background: '#dc2626' }} aria-hidden="true" /> Mock locations
        </span>
      ) : null}
      {kinds.map((kind) => (
        <span key={kind}>
          <span className={`place-pin legend ${kind}`} aria-hidden="true">
            <span>{PLACE_SYMBOLS[kind].letter}</span>
          </span>{' '}
          {PLACE_SYMBOLS[kind].name}
        </span>
      ))}
      {view.current ? (
        <span>
          <span className="current-pin legend" aria-hidden="true" /> {view.current.label}
        </span>
      ) : null}
      {view.store ? (
        <span>
          <span className="store-pin legend" aria-hidden="true" /> {view.store.label}
        </span>
      ) : null}
      {view.streets.length > 0 ? <span>Streets: imported OpenStreetMap extract</span> : null}
      {view.lines.map((line) => (
        <span key={line.kind} data-testid={`map-line-${line.kind}`}>
          — {line.label}
        </span>
      ))}
      {view.rings.map((ring, i) => (
        <span key={i} data-testid="map-ring">
          <span className="ring-swatch" style={{ borderColor: ringColour(ring.rate) }} aria-hidden="true" />{' '}
          {ring.label}
        </span>
      ))}
    </div>
  );
}

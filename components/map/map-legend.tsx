import type { MapView } from '../../lib/console-api/map-view';
import { ringColour } from './map-layers';

/** The map has no text layers (no glyph downloads), so names and distances are listed here. */
export function MapLegend({ view }: { view: MapView }) {
  return (
    <div className="map-legend" data-testid="map-legend">
      {view.address ? (
        <span>
          <span className="swatch" style={{ background: '#111827' }} /> Declared address
        </span>
      ) : (
        <span>No declared address point</span>
      )}
      <span>
        <span className="swatch" style={{ background: '#2857d6' }} /> Location events ({view.events.length}
        {view.eventsTotal > view.events.length ? ` of ${view.eventsTotal.toLocaleString('en')}` : ''})
      </span>
      {view.events.some((e) => e.mock) ? (
        <span>
          <span className="swatch" style={{ background: '#c62828' }} /> Mocked events
        </span>
      ) : null}
      {view.places.length > 0 ? (
        <span>
          <span className="swatch" style={{ background: '#0f766e' }} /> Home ·{' '}
          <span className="swatch" style={{ background: '#0e7490' }} /> Work ·{' '}
          <span className="swatch" style={{ background: '#14b8a6' }} /> Trusted places
        </span>
      ) : null}
      {view.current ? (
        <span>
          <span className="swatch" style={{ background: '#f59e0b' }} /> {view.current.label}
        </span>
      ) : null}
      {view.store ? (
        <span>
          <span className="swatch" style={{ background: '#7c3aed', borderRadius: 2 }} /> {view.store.label}
        </span>
      ) : null}
      {view.lines.map((line) => (
        <span key={line.kind} data-testid={`map-line-${line.kind}`}>
          — {line.label}
        </span>
      ))}
      {view.rings.map((ring, i) => (
        <span key={i} data-testid="map-ring">
          <span className="swatch" style={{ background: ringColour(ring.rate) }} /> {ring.label}
        </span>
      ))}
    </div>
  );
}

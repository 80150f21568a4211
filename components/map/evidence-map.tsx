'use client';
import dynamic from 'next/dynamic';
import type { MapView } from '../../lib/console-api/map-view';
import { MapLegend } from './map-legend';

const loadCanvas = () => import('./evidence-map-canvas');
// The map's code (and MapLibre's worker) starts loading with the page's own code, not after hydration.
if (typeof window !== 'undefined') void loadCanvas();

// maplibre needs the browser (WebGL, window); the server renders a placeholder of the same size.
const EvidenceMapCanvas = dynamic(loadCanvas, {
  ssr: false,
  loading: () => <div className="map-frame" data-testid="evidence-map" data-map-status="loading" />,
});

export function EvidenceMap({ view, styleUrl }: { view: MapView; styleUrl: string | null }) {
  return (
    <div>
      <EvidenceMapCanvas view={view} styleUrl={styleUrl} />
      <MapLegend view={view} />
    </div>
  );
}

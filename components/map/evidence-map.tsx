'use client';
import dynamic from 'next/dynamic';
import type { MapView } from '../../lib/console-api/map-view';
import { MapLegend } from './map-legend';

// maplibre needs the browser (WebGL, window); the server renders a placeholder of the same size.
const EvidenceMapCanvas = dynamic(() => import('./evidence-map-canvas'), {
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

'use client';
import 'maplibre-gl/dist/maplibre-gl.css';
import { useMemo, useState } from 'react';
import Map, {
  Layer,
  Marker,
  NavigationControl,
  ScaleControl,
  Source,
  type MapRef,
} from 'react-map-gl/maplibre';
import type { MapView } from '../../lib/console-api/map-view';
import { offlineBasemapStyle } from './basemap-style';
import { mapSources, viewBounds } from './map-layers';

interface Props {
  view: MapView;
  /** MAP_STYLE_URL when the operator has real tiles; null draws the bundled offline basemap. */
  styleUrl: string | null;
}

type Status = { kind: 'loading' } | { kind: 'ready'; layers: string[] } | { kind: 'failed'; message: string };

/** The map itself (browser only): GeoJSON data layers over the basemap, with a scale bar. */
export default function EvidenceMapCanvas({ view, styleUrl }: Props) {
  const [status, setStatus] = useState<Status>({ kind: 'loading' });
  const style = useMemo(() => styleUrl ?? offlineBasemapStyle(), [styleUrl]);
  const sources = useMemo(() => mapSources(view), [view]);
  const bounds = viewBounds(view);
  const onLoad = (event: { target: ReturnType<MapRef['getMap']> }) => {
    const map = event.target;
    const layers = ['rings-fill', 'lines', 'events', 'places'].filter((id) => map.getLayer(id) !== undefined);
    setStatus({ kind: 'ready', layers });
  };

  return (
    <div
      className="map-frame"
      data-testid="evidence-map"
      data-map-status={status.kind}
      data-layers={status.kind === 'ready' ? status.layers.join(',') : ''}
      data-ring-count={view.rings.length}
      data-event-count={view.events.length}
    >
      {status.kind === 'failed' ? (
        <p className="error" style={{ padding: 16 }}>
          The map could not be drawn: {status.message}
        </p>
      ) : null}
      <Map
        initialViewState={
          bounds
            ? { bounds, fitBoundsOptions: { padding: 48, maxZoom: 15 } }
            : { longitude: 0, latitude: 20, zoom: 1 }
        }
        mapStyle={style}
        style={{ width: '100%', height: '100%' }}
        attributionControl={{ compact: true }}
        onLoad={onLoad}
        onError={(e) => {
          // A missing WebGL context is fatal; tile or style hiccups of a real MAP_STYLE_URL are not.
          if (/webgl/i.test(e.error?.message ?? '')) setStatus({ kind: 'failed', message: e.error.message });
        }}
      >
        <NavigationControl position="top-right" showCompass={false} />
        <ScaleControl position="bottom-left" unit="metric" maxWidth={140} />
        <Source id="rings" type="geojson" data={sources.rings}>
          <Layer
            id="rings-fill"
            type="fill"
            paint={{ 'fill-color': ['get', 'colour'], 'fill-opacity': 0.16 }}
          />
          <Layer id="rings-line" type="line" paint={{ 'line-color': ['get', 'colour'], 'line-width': 1.5 }} />
        </Source>
        <Source id="lines" type="geojson" data={sources.lines}>
          <Layer
            id="lines"
            type="line"
            paint={{
              'line-color': ['match', ['get', 'kind'], 'last', '#111827', '#2857d6'],
              'line-width': 2,
              'line-dasharray': [2, 1.5],
            }}
          />
        </Source>
        <Source id="events" type="geojson" data={sources.events}>
          <Layer
            id="events"
            type="circle"
            paint={{
              'circle-radius': ['interpolate', ['linear'], ['zoom'], 4, 2, 14, 4],
              'circle-color': ['case', ['get', 'mock'], '#c62828', '#2857d6'],
              'circle-opacity': 0.7,
            }}
          />
        </Source>
        <Source id="places" type="geojson" data={sources.places}>
          <Layer
            id="places"
            type="circle"
            paint={{
              'circle-radius': 9,
              'circle-color': [
                'match',
                ['get', 'kind'],
                'home',
                '#0f766e',
                'work',
                '#0e7490',
                'trusted',
                '#14b8a6',
                '#64748b',
              ],
              'circle-stroke-color': '#ffffff',
              'circle-stroke-width': 2,
              'circle-opacity': 0.85,
            }}
          />
        </Source>
        {view.store ? (
          <Marker longitude={view.store.lng} latitude={view.store.lat} anchor="center">
            <div className="store-pin" title={view.store.label} data-testid="store-marker" />
          </Marker>
        ) : null}
        {view.current ? (
          <Marker longitude={view.current.lng} latitude={view.current.lat} anchor="center">
            <div
              className="swatch"
              style={{ width: 16, height: 16, background: '#f59e0b', border: '2px solid #fff' }}
              title={view.current.label}
              data-testid="current-location-marker"
            />
          </Marker>
        ) : null}
        {view.address ? (
          <Marker longitude={view.address.lng} latitude={view.address.lat} anchor="bottom">
            <div className="address-pin" title={view.address.label} data-testid="declared-address-marker" />
          </Marker>
        ) : null}
      </Map>
    </div>
  );
}

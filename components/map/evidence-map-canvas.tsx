'use client';
import type { FeatureCollection } from 'geojson';
import type { GeoJSONSource } from 'maplibre-gl';
import 'maplibre-gl/dist/maplibre-gl.css';
import { useEffect, useMemo, useRef, useState } from 'react';
import Map, {
  Layer,
  Marker,
  NavigationControl,
  Popup,
  ScaleControl,
  Source,
  type MapLayerMouseEvent,
  type MapRef,
} from 'react-map-gl/maplibre';
import { firstViewBounds, viewBounds } from '../../lib/console-api/map-bounds';
import type { MapView } from '../../lib/console-api/map-view';
import { destinationPoint } from '../../lib/domain/geo/destination-point';
import { offlineBasemapStyle } from './basemap-style';
import { EventPopup } from './event-popup';
import { loadCountries } from './load-countries';
import { MapToolbar } from './map-toolbar';
import { eventsUnderPin, mapSources, ringColour } from './map-layers';
import { PlaceMarker } from './place-marker';
import { MIN_RING_PX, ringRadiusExpression } from './ring-radius';

interface Props {
  view: MapView;
  /** MAP_STYLE_URL when the operator has real tiles; null draws the bundled offline basemap. */
  styleUrl: string | null;
}

type Status = { kind: 'loading' } | { kind: 'ready'; drawnMs: number } | { kind: 'failed'; message: string };
type MapInstance = ReturnType<MapRef['getMap']>;

const TEXT_FONT = ['sans-serif'];
/**
 * react-map-gl imports MapLibre only when the map mounts: starting the import with this module downloads
 * and compiles MapLibre while React renders the rest of the map, and its worker (which cuts the GeoJSON
 * into tiles) boots meanwhile instead of when the map asks for its first tile.
 */
const maplibre = import('maplibre-gl').then((module) => {
  module.prewarm();
  return module;
});
const FIT = { padding: 36, maxZoom: 16 };

/** The view with only its rings: the box that fits them at their full radius. */
const ringsOnly = (view: MapView): MapView => ({
  ...view,
  address: null,
  current: null,
  store: null,
  places: [],
  events: [],
});

/** How many of the events the map shows now (the first view may leave far ones out). */
function eventsInView(map: MapInstance, view: MapView): number {
  const shown = map.getBounds();
  return view.events.filter((e) => shown.contains([e.lng, e.lat])).length;
}

/** The newest of the events under the pointer (several often share one spot), and how many there are. */
function newestUnderPointer(e: MapLayerMouseEvent, view: MapView): { index: number; count: number } | null {
  const indices = (e.features ?? [])
    .map((f) => f.properties?.i)
    .filter((i): i is number => typeof i === 'number' && view.events[i] !== undefined);
  if (indices.length === 0) return null;
  const index = indices.reduce((a, b) => (view.events[b]!.ts > view.events[a]!.ts ? b : a));
  return { index, count: indices.length };
}

/** Each ring's drawn radius in pixels at the current zoom (its true size, at least MIN_RING_PX). */
function ringPixels(map: MapInstance, view: MapView): number[] {
  return view.rings.map((r) => {
    const centre = map.project([r.center.lng, r.center.lat]);
    const edge = destinationPoint(r.center, 90, r.radiusM);
    const atEdge = map.project([edge.lng, edge.lat]);
    const truePx = Math.hypot(atEdge.x - centre.x, atEdge.y - centre.y);
    return Math.round(Math.max(MIN_RING_PX, truePx));
  });
}

/** The map itself (browser only): the evidence as GeoJSON layers over the basemap, with a scale bar. */
export default function EvidenceMapCanvas({ view, styleUrl }: Props) {
  const [status, setStatus] = useState<Status>({ kind: 'loading' });
  const [countries, setCountries] = useState<FeatureCollection | null>(null);
  const [hovered, setHovered] = useState<{ index: number; count: number } | null>(null);
  const [step, setStep] = useState(0);
  const [radii, setRadii] = useState<number[]>([]);
  const [inView, setInView] = useState<number | null>(null);
  const mapRef = useRef<MapRef>(null);
  const sources = useMemo(() => mapSources(view), [view]);
  const eventsByTime = useMemo(() => [...view.events].sort((a, b) => a.ts - b.ts), [view]);
  const bounds = viewBounds(view);
  const first = firstViewBounds(view);
  const ringBounds = view.rings.length > 0 ? viewBounds(ringsOnly(view)) : null;
  const fitTo = (box: typeof bounds) => {
    if (box) mapRef.current?.fitBounds(box, { ...FIT, duration: 400 });
  };
  const underPin = eventsUnderPin(view);

  // Without land around the case (nothing to place), the map starts from the whole world.
  useEffect(() => {
    if (styleUrl || view.land) return;
    loadCountries()
      .then(setCountries)
      .catch((e: Error) => setStatus({ kind: 'failed', message: e.message }));
  }, [styleUrl, view.land]);

  // The land the server cut around the case (a fast first frame); the whole world once the view leaves it.
  const land = view.land?.countries ?? countries;
  const style = useMemo(
    () => (styleUrl ? styleUrl : land ? offlineBasemapStyle(land) : null),
    [styleUrl, land],
  );
  const worldRequested = useRef(false);
  const showWorldBeyondLand = (map: MapInstance) => {
    if (styleUrl || !view.land || worldRequested.current) return;
    const [west, south, east, north] = view.land.box;
    const shown = map.getBounds();
    if (
      shown.getWest() >= west &&
      shown.getEast() <= east &&
      shown.getSouth() >= south &&
      shown.getNorth() <= north
    )
      return;
    worldRequested.current = true;
    loadCountries()
      .then((world) => {
        // The map may have gone (another page) while the world loaded.
        if (mapRef.current?.getMap() !== map) return;
        const source = map.getSource('countries');
        if (source?.type === 'geojson') (source as GeoJSONSource).setData(world);
      })
      .catch(() => undefined); // the region around the case stays: the map is still readable
  };

  // Stepping to an event outside the view brings it into view (the first view leaves far ones out).
  const stepTo = (next: number) => {
    setStep(next);
    const e = eventsByTime[next - 1];
    const map = mapRef.current?.getMap();
    if (e && map && !map.getBounds().contains([e.lng, e.lat])) map.jumpTo({ center: [e.lng, e.lat] });
  };
  const measure = (map: MapInstance) => {
    setRadii(ringPixels(map, view));
    setInView(eventsInView(map, view));
  };
  const onHover = (e: MapLayerMouseEvent) => setHovered(newestUnderPointer(e, view));
  // Hovering shows the events under the pointer; otherwise the one stepped to in the toolbar.
  const event = hovered ? view.events[hovered.index] : step > 0 ? eventsByTime[step - 1] : undefined;

  return (
    <>
      <MapToolbar
        eventsByTime={eventsByTime}
        step={step}
        onStep={stepTo}
        onFitAll={() => fitTo(bounds)}
        outside={inView === null ? 0 : view.events.length - inView}
        onFitRings={ringBounds ? () => fitTo(ringBounds) : null}
      />
      <div
        className="map-frame"
        data-testid="evidence-map"
        data-map-status={status.kind}
        data-drawn-ms={status.kind === 'ready' ? Math.round(status.drawnMs) : ''}
        data-ring-count={view.rings.length}
        data-ring-px={radii.join(',')}
        data-event-count={view.events.length}
        data-events-in-view={inView ?? ''}
        data-street-count={view.streets.length}
        // Leaving the map ends a hover; a place marker over the events is still on the map (MapLibre's own
        // mouseout fires when the pointer moves onto a marker, and would hide the events under it).
        onMouseLeave={() => setHovered(null)}
      >
        {status.kind === 'failed' ? (
          <p className="error" style={{ padding: 16 }}>
            The map could not be drawn: {status.message}
          </p>
        ) : null}
        {style ? (
          <Map
            ref={mapRef}
            mapLib={maplibre}
            initialViewState={
              first ? { bounds: first, fitBoundsOptions: FIT } : { longitude: 0, latitude: 20, zoom: 1 }
            }
            mapStyle={style}
            style={{ width: '100%', height: '100%' }}
            attributionControl={{ compact: true }}
            // Names appear at once: a fade would hold back the first drawn frame by its duration.
            fadeDuration={0}
            interactiveLayerIds={['events']}
            onMouseMove={onHover}
            onLoad={(e) => {
              e.target.once('idle', () => {
                measure(e.target);
                setStatus({ kind: 'ready', drawnMs: performance.now() });
                showWorldBeyondLand(e.target);
              });
            }}
            onMoveEnd={(e) => {
              measure(e.target);
              showWorldBeyondLand(e.target);
            }}
            onError={(e) => {
              // A missing WebGL context is fatal; tile or style hiccups of a real MAP_STYLE_URL are not.
              if (/webgl/i.test(e.error?.message ?? ''))
                setStatus({ kind: 'failed', message: e.error.message });
            }}
          >
            <NavigationControl position="top-right" showCompass={false} />
            <ScaleControl position="bottom-left" unit="metric" maxWidth={140} />
            <Source id="towns" type="geojson" data={sources.towns}>
              <Layer
                id="towns"
                type="symbol"
                layout={{
                  'text-field': ['get', 'name'],
                  'text-font': TEXT_FONT,
                  'text-size': ['step', ['get', 'rank'], 15, 5, 13, 20, 11],
                  'text-padding': 4,
                }}
                paint={{ 'text-color': '#3f3f46', 'text-halo-color': '#ffffff', 'text-halo-width': 1.5 }}
              />
            </Source>
            <Source id="streets" type="geojson" data={sources.streets}>
              <Layer
                id="streets-casing"
                type="line"
                paint={{
                  'line-color': '#b5ad9e',
                  'line-width': ['interpolate', ['linear'], ['zoom'], 10, 0.6, 13, 2.5, 17, 12],
                }}
              />
              <Layer
                id="streets"
                type="line"
                minzoom={12}
                paint={{
                  'line-color': '#ffffff',
                  'line-width': ['interpolate', ['linear'], ['zoom'], 12, 0.5, 17, 9],
                }}
              />
              <Layer
                id="street-names"
                type="symbol"
                minzoom={13}
                layout={{
                  'symbol-placement': 'line',
                  'text-field': ['get', 'name'],
                  'text-font': TEXT_FONT,
                  'text-size': 12,
                }}
                paint={{ 'text-color': '#44403c', 'text-halo-color': '#ffffff', 'text-halo-width': 1.5 }}
              />
            </Source>
            {view.rings.map((r, i) => (
              <Source
                key={i}
                id={`ring-${i}`}
                type="geojson"
                data={{
                  type: 'Feature',
                  geometry: { type: 'Point', coordinates: [r.center.lng, r.center.lat] },
                  properties: {},
                }}
              >
                <Layer
                  id={`ring-${i}`}
                  type="circle"
                  paint={{
                    'circle-radius': ringRadiusExpression(r.radiusM, r.center.lat),
                    'circle-color': ringColour(r.rate),
                    'circle-opacity': 0.08,
                    'circle-stroke-color': ringColour(r.rate),
                    'circle-stroke-width': 2,
                    'circle-pitch-alignment': 'map',
                  }}
                />
              </Source>
            ))}
            <Source id="lines" type="geojson" data={sources.lines}>
              <Layer
                id="lines"
                type="line"
                paint={{
                  'line-color': ['match', ['get', 'kind'], 'last', '#111827', '#1d4ed8'],
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
                  'circle-radius': ['interpolate', ['linear'], ['zoom'], 4, 2.5, 14, 5],
                  'circle-color': [
                    'case',
                    ['get', 'mock'],
                    '#dc2626',
                    ['interpolate', ['linear'], ['get', 'recency'], 0, '#a5b4fc', 1, '#1e3a8a'],
                  ],
                  'circle-stroke-color': '#ffffff',
                  'circle-stroke-width': 0.5,
                  'circle-opacity': 0.85,
                }}
              />
            </Source>
            {view.places.map((p, i) => (
              <Marker key={`place-${i}`} longitude={p.lng} latitude={p.lat} anchor="center">
                <PlaceMarker kind={p.kind} label={p.label} />
              </Marker>
            ))}
            {view.store ? (
              <Marker longitude={view.store.lng} latitude={view.store.lat} anchor="center">
                <div
                  className="store-pin"
                  title={view.store.label}
                  aria-label={view.store.label}
                  data-testid="store-marker"
                />
              </Marker>
            ) : null}
            {view.current ? (
              <Marker longitude={view.current.lng} latitude={view.current.lat} anchor="center">
                <div
                  className="current-pin"
                  title={view.current.label}
                  data-testid="current-location-marker"
                />
              </Marker>
            ) : null}
            {view.address ? (
              <Marker longitude={view.address.lng} latitude={view.address.lat} anchor="bottom">
                <div
                  className="address-pin-wrap"
                  title={view.address.label}
                  data-testid="declared-address-marker"
                >
                  <div className="address-pin" />
                  {underPin > 0 ? (
                    <span
                      className="pin-badge"
                      data-testid="pin-badge"
                      title={`${underPin} location events under the pin`}
                    >
                      {underPin}
                    </span>
                  ) : null}
                </div>
              </Marker>
            ) : null}
            {event ? (
              <Popup
                longitude={event.lng}
                latitude={event.lat}
                closeButton={false}
                offset={8}
                maxWidth="260px"
              >
                <EventPopup event={event} sharing={hovered && hovered.count > 1 ? hovered.count : 1} />
              </Popup>
            ) : null}
          </Map>
        ) : null}
      </div>
    </>
  );
}

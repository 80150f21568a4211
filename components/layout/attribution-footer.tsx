import { GEODATA_ATTRIBUTIONS } from '../../lib/geocode/attribution';

/** Licences of the geodata behind geocoding and the basemap require this notice on every page. */
export function AttributionFooter() {
  return (
    <footer className="footer" data-testid="attribution">
      {GEODATA_ATTRIBUTIONS.map((line) => (
        <span key={line}>{line}</span>
      ))}
      <span>Basemap: Natural Earth (public domain)</span>
    </footer>
  );
}

/** Attribution required by the licences of the embedded and imported data; the console footer shows these. */
export const GEONAMES_ATTRIBUTION = 'Contains GeoNames data (CC BY 4.0, geonames.org)';
export const OPENSTREETMAP_ATTRIBUTION = '© OpenStreetMap contributors (ODbL)';

export const GEODATA_ATTRIBUTIONS = [GEONAMES_ATTRIBUTION, OPENSTREETMAP_ATTRIBUTION] as const;

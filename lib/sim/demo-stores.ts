import type { Random } from './random';
import type { SimulatedDevice } from './types';

export interface DemoStore {
  id: string;
  name: string;
  lat: number;
  lng: number;
}

/** Payments made in a store: the key is `${device}:${payment}`. */
export interface DemoInStore {
  stores: DemoStore[];
  storeOf: Map<string, string>;
}

const STORE_COUNT = 12;
/** Payments within ~300 m of one another are made in the same store. */
const GRID_DEG = 0.003;
const NAMES = ['Mercado', 'Farmácia', 'Padaria', 'Livraria', 'Loja', 'Café', 'Empório', 'Bazar'];

/**
 * Turns part of the population's card payments into in-store payments: the busiest spots where honest
 * people pay become registered stores (one in three of their payments there is in-store, the device in
 * the shop), and one in four fraudulent payments names one of those stores from far away.
 */
export function demoStores(devices: readonly SimulatedDevice[], random: Random): DemoInStore {
  const spots = new Map<string, { lat: number; lng: number; payments: string[] }>();
  devices.forEach((device, d) =>
    device.payments.forEach((p, i) => {
      if (p.kind !== 'payment' || p.label !== 'honest' || !p.location) return;
      const key = `${Math.round(p.location.lat / GRID_DEG)}:${Math.round(p.location.lng / GRID_DEG)}`;
      const spot = spots.get(key) ?? { lat: p.location.lat, lng: p.location.lng, payments: [] };
      spot.payments.push(`${d}:${i}`);
      spots.set(key, spot);
    }),
  );
  const busiest = [...spots.values()]
    .sort((a, b) => b.payments.length - a.payments.length)
    .slice(0, STORE_COUNT);
  const stores = busiest.map((spot, n) => ({
    id: `store-${n + 1}`,
    name: `${NAMES[n % NAMES.length]} ${n + 1}`,
    lat: Math.round(spot.lat * 1e5) / 1e5,
    lng: Math.round(spot.lng * 1e5) / 1e5,
  }));
  const storeOf = new Map<string, string>();
  busiest.forEach((spot, n) => {
    for (const payment of spot.payments) if (random.chance(1 / 3)) storeOf.set(payment, stores[n]!.id);
  });
  if (stores.length > 0) {
    devices.forEach((device, d) =>
      device.payments.forEach((p, i) => {
        if (p.kind === 'payment' && p.label === 'fraud' && random.chance(0.25))
          storeOf.set(`${d}:${i}`, random.pick(stores).id);
      }),
    );
  }
  return { stores, storeOf };
}

import type { WorldFraudScenario } from '../types';
import { WORLD_CITIES as C } from './world-city';
import type { HonestVariant, Weights, WorldSpec } from './world-spec';

/** Every kind of fraud the world model knows, in equal parts. */
const ALL_FRAUD: Weights<WorldFraudScenario> = {
  remote_signup_neighbour: 1,
  remote_signup_2km: 1,
  remote_signup_20km: 1,
  remote_signup_far: 1,
  visited_once: 1,
  emulator: 1,
  emulator_hidden: 1,
  gps_spoofing: 1,
  spoofing_hidden: 1,
  device_farm: 1,
  account_takeover: 1,
  account_takeover_local: 1,
};

/** Honest people whose lives or phones change around the signup, as in any population. */
const CHANGES: Weights<HonestVariant> = {
  traveller: 0.05,
  moved: 0.04,
  shared_device: 0.03,
  new_device: 0.05,
  reinstall: 0.04,
  declares_work: 0.05,
};

const COMMON = {
  honestVariants: CHANGES,
  fraud: ALL_FRAUD,
  fraudShare: 0.3,
  payments: [1, 3] as [number, number],
  declares: 'home' as const,
};

/**
 * The named worlds (docs/SIMULATOR.md says why each exists). Evaluation leaves each one out in turn; the
 * committed models never see the held-out ones (lib/eval/world-config.ts).
 */
export const WORLDS: readonly WorldSpec[] = [
  {
    name: 'trajectory_study',
    why: 'like the public research set of real trajectories: one city, GPS loggers every 1–5 s recording only trips, weeks without data, students and researchers whose most visited place is a lab; each person declares their most visited place, fraud declares an address 0.5 km or more away',
    cities: [C.beijing],
    phones: { gps_logger: 1 },
    apps: { logger: 1 },
    lives: { student: 0.55, office: 0.35, homebody: 0.1 },
    honestVariants: { traveller: 0.05 },
    fraud: { remote_signup_neighbour: 1, remote_signup_2km: 1, remote_signup_20km: 1, remote_signup_far: 1 },
    fraudShare: 0.5,
    historyDays: [20, 89],
    signalShare: 0.3,
    coordinatesShare: 1,
    streetIndex: { streets: 0.9, houseNumbers: 0.2 },
    declares: 'most_visited',
    payments: [0, 0],
  },
  {
    ...COMMON,
    name: 'clocks_far_east',
    why: 'clocks hours away from longitude ÷ 15 (Tibet and Qinghai on Beijing time, Xinjiang, Nepal +5:45, India +5:30), budget phones locating by cell towers, couriers and night shifts',
    cities: [C.lhasa, C.xining, C.kashgar, C.kathmandu, C.delhi, C.mumbai],
    phones: { budget_android: 0.6, flagship_android: 0.25, iphone: 0.15 },
    apps: { background: 0.7, foreground: 0.3 },
    lives: { office: 0.35, courier: 0.2, student: 0.2, homebody: 0.15, night_shift: 0.1 },
    historyDays: [3, 45],
    signalShare: 0.3,
    coordinatesShare: 0.85,
    streetIndex: { streets: 0.75, houseNumbers: 0.1 },
  },
  {
    ...COMMON,
    name: 'antimeridian',
    why: 'lives across the 180th meridian (Taveuni), clocks a day away from longitude ÷ 15 (Samoa +13, Tonga +13 at 172–175° W), Chukotka and Kamchatka, Auckland with its DST',
    cities: [C.taveuni, C.suva, C.labasa, C.apia, C.nukualofa, C.anadyr, C.petropavlovsk, C.auckland],
    phones: { flagship_android: 0.35, budget_android: 0.35, iphone: 0.3 },
    apps: { background: 0.6, foreground: 0.4 },
    lives: { office: 0.35, homebody: 0.25, student: 0.15, night_shift: 0.15, courier: 0.1 },
    historyDays: [3, 60],
    signalShare: 0.4,
    coordinatesShare: 0.9,
    streetIndex: { streets: 0.8, houseNumbers: 0.3 },
  },
  {
    ...COMMON,
    name: 'iberia_late',
    why: 'Spain on UTC+1/+2 at 4–9° W with DST and days that run late, iPhones (quantised accuracies), and an app that only reports in the foreground',
    cities: [C.madrid, C.vigo, C.coruna, C.sevilla],
    phones: { iphone: 0.45, flagship_android: 0.4, budget_android: 0.15 },
    apps: { foreground: 0.65, background: 0.35 },
    lives: { office: 0.4, student: 0.25, homebody: 0.2, night_shift: 0.15 },
    historyDays: [5, 60],
    signalShare: 0.5,
    coordinatesShare: 0.9,
    streetIndex: { streets: 0.98, houseNumbers: 0.7 },
  },
  {
    ...COMMON,
    name: 'high_latitudes',
    why: 'within and near the polar circles (Tromsø, Svalbard, Murmansk, Reykjavík, Anchorage, Ushuaia), where a degree of longitude is short and night shifts are common; some trip-logging apps',
    cities: [C.tromso, C.reykjavik, C.anchorage, C.murmansk, C.longyearbyen, C.ushuaia, C.puntaArenas],
    phones: { flagship_android: 0.4, iphone: 0.35, budget_android: 0.25 },
    apps: { background: 0.75, foreground: 0.15, logger: 0.1 },
    lives: { office: 0.35, night_shift: 0.25, homebody: 0.2, student: 0.1, courier: 0.1 },
    historyDays: [3, 60],
    signalShare: 0.5,
    coordinatesShare: 0.9,
    streetIndex: { streets: 0.95, houseNumbers: 0.6 },
  },
  {
    ...COMMON,
    name: 'americas_gig',
    why: 'big Latin American cities of riders, night shifts and students, wifi-heavy and budget phones, trip-logging apps',
    cities: [C.saoPaulo, C.buenosAires, C.cordoba, C.mexicoCity, C.bogota],
    phones: { budget_android: 0.45, flagship_android: 0.35, iphone: 0.2 },
    apps: { background: 0.65, foreground: 0.25, logger: 0.1 },
    lives: { courier: 0.3, night_shift: 0.2, student: 0.2, office: 0.2, homebody: 0.1 },
    historyDays: [3, 45],
    signalShare: 0.35,
    coordinatesShare: 0.85,
    streetIndex: { streets: 0.95, houseNumbers: 0.35 },
  },
  {
    ...COMMON,
    name: 'africa_cell',
    why: 'cheap phones that locate by cell towers (fixes 300 m–1.5 km off, snapped to towers), short histories and days offline',
    cities: [C.lagos, C.nairobi],
    phones: { budget_android: 0.8, flagship_android: 0.15, iphone: 0.05 },
    apps: { background: 0.8, foreground: 0.2 },
    lives: { office: 0.3, courier: 0.25, homebody: 0.2, student: 0.15, night_shift: 0.1 },
    historyDays: [2, 30],
    signalShare: 0.2,
    coordinatesShare: 0.8,
    streetIndex: { streets: 0.7, houseNumbers: 0.05 },
  },
  {
    ...COMMON,
    name: 'asia_foreground',
    why: 'megacities where the app is opened a few times a day and only then reports (foreground-only), iPhones, students and office workers',
    cities: [C.tokyo, C.jakarta],
    phones: { iphone: 0.5, flagship_android: 0.3, budget_android: 0.2 },
    apps: { foreground: 0.8, background: 0.2 },
    lives: { office: 0.4, student: 0.3, homebody: 0.15, courier: 0.15 },
    historyDays: [3, 60],
    signalShare: 0.45,
    coordinatesShare: 0.9,
    streetIndex: { streets: 0.8, houseNumbers: 0.2 },
  },
];

export function worldNamed(name: string): WorldSpec {
  const found = WORLDS.find((w) => w.name === name);
  if (!found) throw new Error(`unknown world ${name} (known: ${WORLDS.map((w) => w.name).join(', ')})`);
  return found;
}

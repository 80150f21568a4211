import type { Clock } from '../domain/clock';
import { driveApi } from './drive-api';
import { generatePopulation } from './generate-population';
import { summarizeDrive, type DriveSummary } from './summarize-drive';

export interface SeedDemoOptions {
  baseUrl: string;
  credentials: { clientId: string; clientSecret: string };
  appKey: string;
  devices: number;
  seed: string | number;
  /** "Now" for the population and for token expiry: the server's clock, so that no event is in its future. */
  clock: Clock;
  /** Progress lines (e.g. to stderr); silent by default. */
  onProgress?: (done: number, total: number) => void;
}

/**
 * Fills a demo tenant through the public API: a population with every fraud scenario at 30 %, a week of history
 * per device, driven with feedback so that the console shows decided cases, chargeback rates and reputations.
 */
export async function seedDemo(options: SeedDemoOptions): Promise<DriveSummary> {
  const population = generatePopulation({
    seed: options.seed,
    now: options.clock.now(),
    devices: options.devices,
    fraudShare: 0.3,
    days: 7,
    coordinatesShare: 0.9,
  });
  const report = await driveApi(population, {
    baseUrl: options.baseUrl,
    clientId: options.credentials.clientId,
    clientSecret: options.credentials.clientSecret,
    appKey: options.appKey,
    concurrency: 8,
    sendFeedback: true,
    clock: options.clock,
    ...(options.onProgress ? { onProgress: options.onProgress } : {}),
  });
  return summarizeDrive(population, report);
}

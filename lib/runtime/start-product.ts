import { preloadGeocoder } from '../geocode/preload-geocoder';
import { createRuntimeWorker } from '../jobs/create-worker';
import type { Runtime } from './create-runtime';
import { startServer } from '../server/start-server';
import type { RuntimeConfig } from './runtime-config';

export interface RunningProduct {
  apiUrl: string;
  stop(): Promise<void>;
}

/**
 * The risk API and the in-process background worker over one runtime (`locus serve`, `locus demo`).
 * In a cluster of API processes only one runs the worker (`runJobs`); claims are safe either way.
 */
export async function startProduct(
  runtime: Runtime,
  config: RuntimeConfig,
  options: { runJobs?: boolean } = {},
): Promise<RunningProduct> {
  await preloadGeocoder(runtime.geocoder, (line) =>
    console.error(JSON.stringify({ level: 'info', ...line })),
  );
  const { api, url } = await startServer(runtime, config);
  const worker = options.runJobs === false ? null : await createRuntimeWorker(runtime, process.env);
  worker?.start();
  return {
    apiUrl: url,
    stop: async () => {
      await api.close();
      await worker?.stop();
    },
  };
}

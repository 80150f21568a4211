import { createRuntimeWorker } from '../jobs/create-worker';
import type { Runtime } from './create-runtime';
import { startServer } from '../server/start-server';
import type { RuntimeConfig } from './runtime-config';

export interface RunningProduct {
  apiUrl: string;
  stop(): Promise<void>;
}

/** The risk API and the in-process background worker over one runtime (`locus serve`, `locus demo`). */
export async function startProduct(runtime: Runtime, config: RuntimeConfig): Promise<RunningProduct> {
  const { api, url } = await startServer(runtime, config);
  const worker = await createRuntimeWorker(runtime, process.env);
  worker.start();
  return {
    apiUrl: url,
    stop: async () => {
      await api.close();
      await worker.stop();
    },
  };
}

import type { Command } from 'commander';
import { createRuntime } from '../../runtime/create-runtime';
import { runtimeConfigFromEnv } from '../../runtime/runtime-config';
import { startProduct } from '../../runtime/start-product';

/** `locus serve` — the risk API and the background worker in one process. */
export function register(program: Command): void {
  program
    .command('serve')
    .description('run the risk API (PORT, HOST) and the background worker on DATABASE_URL')
    .action(async () => {
      const config = runtimeConfigFromEnv(process.env);
      const runtime = await createRuntime({ databaseUrl: config.databaseUrl });
      const product = await startProduct(runtime, config);
      console.log(JSON.stringify({ api_url: product.apiUrl, engine: runtime.handle.engine }));
      const stop = async () => {
        await product.stop();
        await runtime.close();
        process.exit(0);
      };
      process.once('SIGTERM', stop);
      process.once('SIGINT', stop);
    });
}

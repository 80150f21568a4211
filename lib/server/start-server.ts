import type { Runtime } from '../runtime/create-runtime';
import { buildApi, type Api } from './build-api';

export interface ServerOptions {
  port: number;
  host: string;
  logLevel?: string;
}

/** Builds the API over a runtime and listens; resolves once it accepts connections. */
export async function startServer(
  runtime: Runtime,
  options: ServerOptions,
): Promise<{ api: Api; url: string }> {
  const api = await buildApi(runtime.deps, { logLevel: options.logLevel });
  await api.listen({ port: options.port, host: options.host });
  const address = api.server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  return { api, url: `http://${options.host === '0.0.0.0' ? '127.0.0.1' : options.host}:${port}` };
}

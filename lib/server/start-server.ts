import type { Runtime } from '../runtime/create-runtime';
import { buildApi, type Api } from './build-api';
import { applySocketLimits, DEFAULT_SOCKET_LIMITS, type SocketLimits } from './socket-limits';

export interface ServerOptions {
  port: number;
  host: string;
  logLevel?: string;
  /** Socket time and count limits (LOCUS_HTTP_*); the defaults when not given. */
  socketLimits?: SocketLimits;
}

/** Builds the API over a runtime and listens; resolves once it accepts connections. */
export async function startServer(
  runtime: Runtime,
  options: ServerOptions,
): Promise<{ api: Api; url: string }> {
  const api = await buildApi(runtime.deps, { logLevel: options.logLevel });
  applySocketLimits(api.server, options.socketLimits ?? DEFAULT_SOCKET_LIMITS);
  await api.listen({ port: options.port, host: options.host });
  const address = api.server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  return { api, url: `http://${options.host === '0.0.0.0' ? '127.0.0.1' : options.host}:${port}` };
}

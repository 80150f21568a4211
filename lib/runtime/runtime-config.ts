import { socketLimitsFromEnv, type SocketLimits } from '../server/socket-limits';

/** Process configuration from the environment (README lists every variable). */
export interface RuntimeConfig {
  databaseUrl: string;
  port: number;
  host: string;
  logLevel: string;
  socketLimits: SocketLimits;
}

export function runtimeConfigFromEnv(env: Record<string, string | undefined>): RuntimeConfig {
  const port = Number(env.PORT ?? 8080);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`PORT must be a port number, got ${env.PORT}`);
  return {
    databaseUrl: env.DATABASE_URL ?? 'sqlite:./data/locus.db',
    port,
    host: env.HOST ?? '127.0.0.1',
    logLevel: env.LOG_LEVEL ?? 'info',
    socketLimits: socketLimitsFromEnv(env),
  };
}

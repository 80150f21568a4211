import type { Server } from 'node:http';

/**
 * Time and count limits on the sockets of the API and the console (README, "Sockets"): a client that
 * connects and sends nothing, drips its headers or its body, or idles, is cut off; one address cannot
 * hold more than its share of connections.
 */
export interface SocketLimits {
  /** The request line and headers must have arrived within this (else 408 and close). */
  headersTimeoutMs: number;
  /** The whole request, body included, must have arrived within this (else 408 and close). */
  requestTimeoutMs: number;
  /** A socket with no traffic either way for this long is closed (it also bounds a request's work). */
  idleTimeoutMs: number;
  /** A kept-alive connection waits this long for its next request. */
  keepAliveTimeoutMs: number;
  /** Concurrent connections from one source address; more are closed on arrival. */
  maxConnectionsPerSource: number;
}

export const DEFAULT_SOCKET_LIMITS: SocketLimits = {
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 30_000,
  idleTimeoutMs: 60_000,
  keepAliveTimeoutMs: 5_000,
  maxConnectionsPerSource: 256,
};

const ENV_NAMES: Record<keyof SocketLimits, string> = {
  headersTimeoutMs: 'LOCUS_HTTP_HEADERS_TIMEOUT_MS',
  requestTimeoutMs: 'LOCUS_HTTP_REQUEST_TIMEOUT_MS',
  idleTimeoutMs: 'LOCUS_HTTP_IDLE_TIMEOUT_MS',
  keepAliveTimeoutMs: 'LOCUS_HTTP_KEEP_ALIVE_TIMEOUT_MS',
  maxConnectionsPerSource: 'LOCUS_HTTP_MAX_CONNECTIONS_PER_SOURCE',
};

export function socketLimitsFromEnv(env: Record<string, string | undefined>): SocketLimits {
  const limits = { ...DEFAULT_SOCKET_LIMITS };
  for (const key of Object.keys(ENV_NAMES) as (keyof SocketLimits)[]) {
    const raw = env[ENV_NAMES[key]]?.trim();
    if (!raw) continue;
    const value = Number(raw);
    if (!Number.isInteger(value) || value < 1)
      throw new Error(`${ENV_NAMES[key]} must be a positive integer, got ${raw}`);
    limits[key] = value;
  }
  if (limits.requestTimeoutMs < limits.headersTimeoutMs)
    throw new Error('LOCUS_HTTP_REQUEST_TIMEOUT_MS must not be shorter than LOCUS_HTTP_HEADERS_TIMEOUT_MS');
  return limits;
}

/**
 * Applies the limits to a server before it listens. Node checks header and request deadlines on a
 * timer (30 s by default, which would let a dripping socket live 30 s past its deadline): it runs
 * here at a quarter of the shorter deadline.
 */
export function applySocketLimits(server: Server, limits: SocketLimits): void {
  server.headersTimeout = limits.headersTimeoutMs;
  server.requestTimeout = limits.requestTimeoutMs;
  server.keepAliveTimeout = limits.keepAliveTimeoutMs;
  server.setTimeout(limits.idleTimeoutMs);
  const checkEvery = Math.min(limits.headersTimeoutMs, limits.requestTimeoutMs) / 4;
  // The constructor option, read when the server starts listening (node:http setupConnectionsTracking);
  // @types/node declares it only as an option.
  (server as Server & { connectionsCheckingInterval: number }).connectionsCheckingInterval = Math.max(
    100,
    Math.min(5_000, Math.floor(checkEvery)),
  );
  limitConnectionsPerSource(server, limits.maxConnectionsPerSource);
}

/** Closes, on arrival, any connection beyond `max` open ones from the same address. */
function limitConnectionsPerSource(server: Server, max: number): void {
  const open = new Map<string, number>();
  server.on('connection', (socket) => {
    const source = socket.remoteAddress ?? '';
    const count = (open.get(source) ?? 0) + 1;
    if (count > max) {
      socket.destroy();
      return;
    }
    open.set(source, count);
    socket.once('close', () => {
      const left = (open.get(source) ?? 1) - 1;
      if (left > 0) open.set(source, left);
      else open.delete(source);
    });
  });
}

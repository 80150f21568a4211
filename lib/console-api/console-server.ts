/**
 * The console's HTTP server: Next.js's request handler behind a node:http server whose sockets have the
 * API's limits (LOCUS_HTTP_*: header, request, idle and keep-alive timeouts, connections per address).
 * `next start` sets none of them. start-console.ts runs it as its own process:
 * `node --import tsx lib/console-api/console-server.ts <port> <host>`.
 */
import http from 'node:http';
import path from 'node:path';
import next from 'next';
import { applySocketLimits, socketLimitsFromEnv } from '../server/socket-limits';

const port = Number(process.argv[2] ?? 3000);
const host = process.argv[3] ?? '127.0.0.1';
const limits = socketLimitsFromEnv(process.env);

const app = next({ dev: false, dir: path.resolve(import.meta.dirname, '../..'), hostname: host, port });
await app.prepare();
const handle = app.getRequestHandler();
const server = http.createServer((request, response) => void handle(request, response));
applySocketLimits(server, limits);
server.listen(port, host, () => console.log(`console listening on http://${host}:${port}`));
process.once('SIGTERM', () => server.close(() => process.exit(0)));

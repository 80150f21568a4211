import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * The demo tenant's webhook receiver on this machine: it answers every third delivery with HTTP 503
 * (a receiver having a bad moment), so the demo shows failed attempts and their retries beside the
 * deliveries that went through. It lives as long as the demo process.
 */
export async function startDemoWebhookReceiver(): Promise<{
  url: string;
  received: () => number;
  close(): Promise<void>;
}> {
  let count = 0;
  const server = http.createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      count += 1;
      response.statusCode = count % 3 === 0 ? 503 : 200;
      response.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  server.unref();
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/locus-webhook`,
    received: () => count,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

import type { Engine } from '../../../lib/db/connect';
import { startTestApi, type WorkerTestApi } from '../test-api';
import { startReceiver, type Receiver } from './webhook-receiver';

/** Local receivers are on loopback over http: the operator switches both guards off for them. */
export const WEBHOOK_TEST_ENV = { LOCUS_WEBHOOK_ALLOW_PRIVATE: '1', LOCUS_WEBHOOK_HTTP_HOSTS: '127.0.0.1' };

export interface WebhookSuite {
  t: WorkerTestApi;
  receiver: Receiver;
  /** The signing secret of the tenant's webhook. */
  secret: string;
  close(): Promise<void>;
}

/**
 * The real API and worker over a fresh database with the loopback guards off, and a local receiver
 * subscribed to every event type.
 */
export async function startWebhookSuite(engine: Engine): Promise<WebhookSuite> {
  const t = await startTestApi(engine, { env: WEBHOOK_TEST_ENV, worker: {} });
  const receiver = await startReceiver();
  const reply = await t.request('PUT', '/api/v2/admin/webhook', {
    url: receiver.url,
    event_types: ['verification', 'risk_increase', 'risk_decrease'],
  });
  if (reply.statusCode !== 200) throw new Error(`webhook configuration: ${reply.statusCode} ${reply.body}`);
  return {
    t,
    receiver,
    secret: reply.json<{ secret: string }>().secret,
    close: async () => {
      await t.close();
      await receiver.close();
    },
  };
}

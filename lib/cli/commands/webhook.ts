import type { Command } from 'commander';
import { WEBHOOK_EVENT_TYPES, type WebhookEventType } from '../../domain/signup/signup-transition';
import { withTenant } from '../with-tenant';

/** `locus webhook set|show|test|rotate-secret|attempts` — a tenant's webhook, by its API client id. */
export function register(program: Command): void {
  const webhook = program.command('webhook').description("configure and test a tenant's signed webhooks");

  webhook
    .command('set')
    .requiredOption('--client-id <id>', "the tenant's API client id")
    .requiredOption('--url <url>', 'https endpoint (http only to LOCUS_WEBHOOK_HTTP_HOSTS)')
    .option(
      '--events <types>',
      `comma-separated (${WEBHOOK_EVENT_TYPES.join(',')})`,
      WEBHOOK_EVENT_TYPES.join(','),
    )
    .option(
      '--header-prefix <prefix>',
      'header names <prefix>-Timestamp and <prefix>-Signature (default Service)',
    )
    .description('create or update; prints {"secret": ...} (the secret only when first created, else null)')
    .action((o: { clientId: string; url: string; events: string; headerPrefix?: string }) =>
      withTenant(o.clientId, async (runtime, tenantId) => {
        const reply = await runtime.deps.webhooks.configure(tenantId, {
          url: o.url,
          event_types: parseEventTypes(o.events),
          ...(o.headerPrefix ? { header_prefix: o.headerPrefix } : {}),
        });
        return reply;
      }),
    );

  webhook
    .command('show')
    .requiredOption('--client-id <id>', "the tenant's API client id")
    .description('print the configuration (never the secret)')
    .action((o: { clientId: string }) =>
      withTenant(o.clientId, (runtime, tenantId) => runtime.deps.webhooks.show(tenantId)),
    );

  webhook
    .command('test')
    .requiredOption('--client-id <id>', "the tenant's API client id")
    .description('send one signed test event now and print the attempt')
    .action((o: { clientId: string }) =>
      withTenant(o.clientId, (runtime, tenantId) => runtime.deps.webhooks.sendTest(tenantId)),
    );

  webhook
    .command('rotate-secret')
    .requiredOption('--client-id <id>', "the tenant's API client id")
    .option('--grace-hours <hours>', 'the old secret keeps signing this long (0: stop at once)', '24')
    .description('generate a new secret; prints {"secret": ...}')
    .action((o: { clientId: string; graceHours: string }) =>
      withTenant(o.clientId, (runtime, tenantId) =>
        runtime.deps.webhooks.rotateSecret(tenantId, Number(o.graceHours) * 3_600_000),
      ),
    );

  webhook
    .command('attempts')
    .requiredOption('--client-id <id>', "the tenant's API client id")
    .option('--limit <n>', 'how many', '20')
    .description('print the latest delivery attempts, newest first')
    .action((o: { clientId: string; limit: string }) =>
      withTenant(o.clientId, async (runtime, tenantId) => ({
        attempts: await runtime.deps.webhooks.recentAttempts(tenantId, Number(o.limit)),
      })),
    );
}

function parseEventTypes(text: string): WebhookEventType[] {
  const types = text
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean);
  const unknown = types.filter((t) => !(WEBHOOK_EVENT_TYPES as readonly string[]).includes(t));
  if (unknown.length > 0)
    throw new Error(`unknown event types: ${unknown.join(', ')} (known: ${WEBHOOK_EVENT_TYPES.join(', ')})`);
  return types as WebhookEventType[];
}

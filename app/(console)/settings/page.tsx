import { CredentialsPanel } from '../../../components/settings/credentials-panel';
import { ErasurePanel } from '../../../components/settings/erasure-panel';
import { SsoPanel } from '../../../components/settings/sso-panel';
import { UsersPanel } from '../../../components/settings/users-panel';
import { WebhookPanel } from '../../../components/settings/webhook-panel';
import { adaptWebhookSettings } from '../../../lib/console-api/adapt-webhook-settings';
import { adaptSettings } from '../../../lib/console-api/adapt-settings';
import { oidcConfig } from '../../../lib/console-api/config';
import { loadOrFail } from '../../../lib/console-api/load-or-fail';
import { requireConsoleUser } from '../../../lib/console-api/session';

export const metadata = { title: 'Settings' };

export default async function SettingsPage() {
  const { api, user } = await requireConsoleUser('admin', '/settings');
  const [settings, sso, webhook, attempts] = await Promise.all([
    loadOrFail(api.settings.get()),
    loadOrFail(api.settings.sso()),
    loadOrFail(api.webhook.get()),
    loadOrFail(api.webhook.attempts()),
  ]);
  const view = adaptSettings(settings);
  const webhookView = adaptWebhookSettings(webhook, attempts.attempts);
  return (
    <div className="stack">
      <h1>Settings · {view.tenant}</h1>
      <div className="grid halves">
        <section className="panel">
          <h2>API credentials</h2>
          <CredentialsPanel credentials={view.credentials} appKeys={view.appKeys} />
        </section>
        <section className="panel">
          <h2>Users and roles</h2>
          <UsersPanel users={view.users} me={user.email} />
        </section>
        <section className="panel" id="webhook">
          <h2>Webhook</h2>
          <WebhookPanel view={webhookView} />
        </section>
        <section className="panel" id="sso">
          <h2>Single sign-on</h2>
          <SsoPanel api={sso} consoleIssuer={oidcConfig()?.issuer ?? null} />
        </section>
        <section className="panel">
          <h2>Erase an end user</h2>
          <ErasurePanel />
        </section>
      </div>
    </div>
  );
}

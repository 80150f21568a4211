import { CredentialsPanel } from '../../../components/settings/credentials-panel';
import { UsersPanel } from '../../../components/settings/users-panel';
import { adaptSettings } from '../../../lib/console-api/adapt-settings';
import { loadOrFail } from '../../../lib/console-api/load-or-fail';
import { requireConsoleUser } from '../../../lib/console-api/session';

export const metadata = { title: 'Settings' };

export default async function SettingsPage() {
  const { api, user } = await requireConsoleUser('admin', '/settings');
  const view = adaptSettings(await loadOrFail(api.settings.get()));
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
        <section className="panel">
          <h2>Webhook</h2>
          <p className="muted" data-testid="webhook-settings">
            Webhook delivery is configured with <code>locus webhook set</code> until its admin API is
            available here.
          </p>
        </section>
      </div>
    </div>
  );
}

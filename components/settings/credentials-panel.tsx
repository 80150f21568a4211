'use client';
import { useState } from 'react';
import {
  createAppKey,
  createCredential,
  revokeAppKey,
  revokeCredential,
} from '../../lib/console-api/actions/settings-actions';
import type { SettingsView } from '../../lib/console-api/adapt-settings';
import { useConsoleAction } from '../actions/use-console-action';

/** When the secret was revoked, or the button that revokes it. */
function RevokeCell({
  revoked,
  pending,
  onRevoke,
}: {
  revoked: string | null;
  pending: boolean;
  onRevoke: () => void;
}) {
  return (
    <td>
      {revoked ? (
        <span className="muted small">revoked {revoked}</span>
      ) : (
        <button type="button" disabled={pending} onClick={onRevoke}>
          Revoke
        </button>
      )}
    </td>
  );
}

/** API credentials and SDK app keys: create (the secret is shown once, here) and revoke. */
export function CredentialsPanel({ credentials, appKeys }: Pick<SettingsView, 'credentials' | 'appKeys'>) {
  const { pending, error, run } = useConsoleAction();
  const [secret, setSecret] = useState<{ clientId: string; secret: string } | null>(null);
  const [label, setLabel] = useState('');

  return (
    <div className="stack" style={{ gap: 12 }}>
      {secret ? (
        <div className="secret" data-testid="new-secret">
          <strong>Copy the secret now — it will not be shown again.</strong>
          <div className="mono">client_id: {secret.clientId}</div>
          <div className="mono">client_secret: {secret.secret}</div>
        </div>
      ) : null}
      {error ? <p className="error">{error}</p> : null}
      <table className="data" data-testid="credentials">
        <thead>
          <tr>
            <th>Client id</th>
            <th>Label</th>
            <th>Scopes</th>
            <th>Created</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {credentials.map((c) => (
            <tr key={c.clientId}>
              <td className="mono">{c.clientId}</td>
              <td>{c.label}</td>
              <td className="small">{c.scopes}</td>
              <td className="small">{c.created}</td>
              <RevokeCell
                revoked={c.revoked}
                pending={pending}
                onRevoke={() => run(() => revokeCredential({ clientId: c.clientId }))}
              />
            </tr>
          ))}
        </tbody>
      </table>
      <div className="row">
        <input placeholder="label (optional)" value={label} onChange={(e) => setLabel(e.target.value)} />
        <button
          type="button"
          className="primary"
          disabled={pending}
          onClick={() =>
            run(async () => {
              const result = await createCredential({ label: label || undefined });
              if (result.ok)
                setSecret({ clientId: result.data.client_id, secret: result.data.client_secret });
              return result;
            })
          }
        >
          Create credential
        </button>
      </div>
      <h3>SDK app keys</h3>
      <table className="data" data-testid="app-keys">
        <tbody>
          {appKeys.map((k) => (
            <tr key={k.key}>
              <td className="mono">{k.key}</td>
              <td className="small">{k.created}</td>
              <RevokeCell
                revoked={k.revoked}
                pending={pending}
                onRevoke={() => run(() => revokeAppKey({ key: k.key }))}
              />
            </tr>
          ))}
        </tbody>
      </table>
      <div>
        <button type="button" disabled={pending} onClick={() => run(() => createAppKey({}))}>
          Create app key
        </button>
      </div>
    </div>
  );
}

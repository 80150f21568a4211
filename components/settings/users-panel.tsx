'use client';
import { useState } from 'react';
import { createUser, updateUser } from '../../lib/console-api/actions/settings-actions';
import type { SettingsView } from '../../lib/console-api/adapt-settings';
import { useConsoleAction } from '../actions/use-console-action';

const ROLES = ['analyst', 'manager', 'admin'] as const;
type Role = (typeof ROLES)[number];

/** Console users and their roles; a new user's generated password is shown once. */
export function UsersPanel({ users, me }: { users: SettingsView['users']; me: string }) {
  const { pending, error, run } = useConsoleAction();
  const [created, setCreated] = useState<{ email: string; password: string } | null>(null);
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<Role>('analyst');

  return (
    <div className="stack" style={{ gap: 12 }}>
      {created ? (
        <div className="secret" data-testid="new-user-password">
          <strong>Give this password to {created.email} — it will not be shown again.</strong>
          <div className="mono">{created.password}</div>
        </div>
      ) : null}
      {error ? <p className="error">{error}</p> : null}
      <table className="data" data-testid="users">
        <thead>
          <tr>
            <th>Email</th>
            <th>Role</th>
            <th>Last sign-in</th>
            <th>Status</th>
          </tr>
        </thead>
        <tbody>
          {users.map((u) => (
            <tr key={u.id}>
              <td>{u.email}</td>
              <td>
                <select
                  value={u.role}
                  disabled={pending || u.email === me}
                  aria-label={`Role of ${u.email}`}
                  onChange={(e) => run(() => updateUser({ id: u.id, role: e.target.value as Role }))}
                >
                  {ROLES.map((r) => (
                    <option key={r} value={r}>
                      {r}
                    </option>
                  ))}
                </select>
              </td>
              <td className="small">{u.lastSignIn}</td>
              <td>
                {u.email === me ? (
                  <span className="muted small">you</span>
                ) : (
                  <button
                    type="button"
                    disabled={pending}
                    onClick={() => run(() => updateUser({ id: u.id, disabled: !u.disabled }))}
                  >
                    {u.disabled ? 'Enable' : 'Disable'}
                  </button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <form
        className="row"
        onSubmit={(e) => {
          e.preventDefault();
          run(async () => {
            const result = await createUser({ email, role });
            if (result.ok) {
              setCreated({ email: result.data.user.email, password: result.data.password });
              setEmail('');
            }
            return result;
          });
        }}
      >
        <input
          type="email"
          required
          placeholder="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
        <select value={role} onChange={(e) => setRole(e.target.value as Role)} aria-label="Role">
          {ROLES.map((r) => (
            <option key={r} value={r}>
              {r}
            </option>
          ))}
        </select>
        <button type="submit" className="primary" disabled={pending}>
          Add user
        </button>
      </form>
    </div>
  );
}

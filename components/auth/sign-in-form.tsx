'use client';
import { useActionState } from 'react';
import { signInWithOidc, signInWithPassword } from '../../lib/console-api/actions/sign-in-actions';

interface Props {
  callbackUrl: string;
  oidcEnabled: boolean;
  /** Why the last single sign-on failed (next-auth or the API sent the user back here), if it did. */
  failure: string | null;
}

export function SignInForm({ callbackUrl, oidcEnabled, failure }: Props) {
  const [state, action, pending] = useActionState(signInWithPassword, { error: null });
  const error = state.error ?? failure;
  return (
    <>
      <form action={action}>
        <input type="hidden" name="callbackUrl" value={callbackUrl} />
        <label>
          Email
          <input name="email" type="email" autoComplete="username" required autoFocus />
        </label>
        <label>
          Password
          <input name="password" type="password" autoComplete="current-password" required />
        </label>
        {error ? (
          <p className="error" role="alert">
            {error}
          </p>
        ) : null}
        <button className="primary" type="submit" disabled={pending}>
          {pending ? 'Signing in…' : 'Sign in'}
        </button>
      </form>
      {oidcEnabled ? (
        <form action={signInWithOidc} style={{ marginTop: 12 }}>
          <input type="hidden" name="callbackUrl" value={callbackUrl} />
          <button type="submit" style={{ width: '100%' }}>
            Sign in with single sign-on
          </button>
        </form>
      ) : null}
    </>
  );
}

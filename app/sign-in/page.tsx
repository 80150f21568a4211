import { redirect } from 'next/navigation';
import { SignInForm } from '../../components/auth/sign-in-form';
import { oidcConfig } from '../../lib/console-api/config';
import { safeReturnPath } from '../../lib/console-api/safe-return-path';
import { readConsoleSession } from '../../lib/console-api/session';
import { signInErrorMessage } from '../../lib/console-api/sign-in-errors';

export const metadata = { title: 'Sign in' };

export default async function SignInPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string>>;
}) {
  const params = await searchParams;
  const callbackUrl = safeReturnPath(params.callbackUrl);
  if (await readConsoleSession()) redirect(callbackUrl);
  return (
    <main className="sign-in panel">
      <h1>Locus console</h1>
      <p className="muted">Sign in to review flagged signups and payments.</p>
      <SignInForm
        callbackUrl={callbackUrl}
        oidcEnabled={oidcConfig() !== null}
        failure={signInErrorMessage(params.error, params.email)}
      />
    </main>
  );
}

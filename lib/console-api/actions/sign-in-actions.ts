'use server';
// Sign-in and sign-out: the only console actions that run without a session.
import { AuthError } from 'next-auth';
import { signIn, signOut } from '../auth';
import { safeReturnPath } from '../safe-return-path';

export interface SignInState {
  error: string | null;
}

export async function signInWithPassword(_prev: SignInState, form: FormData): Promise<SignInState> {
  try {
    await signIn('credentials', {
      email: String(form.get('email') ?? ''),
      password: String(form.get('password') ?? ''),
      redirectTo: safeReturnPath(form.get('callbackUrl')),
    });
    return { error: null };
  } catch (error) {
    // signIn() redirects by throwing; only its AuthErrors are sign-in failures.
    if (error instanceof AuthError) {
      return {
        error:
          error.type === 'CredentialsSignin'
            ? 'Wrong email or password.'
            : 'Sign-in is unavailable right now.',
      };
    }
    throw error;
  }
}

export async function signInWithOidc(form: FormData): Promise<void> {
  await signIn('oidc', { redirectTo: safeReturnPath(form.get('callbackUrl')) });
}

export async function signOutOfConsole(): Promise<void> {
  await signOut({ redirectTo: '/sign-in' });
}

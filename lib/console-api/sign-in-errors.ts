import { ConsoleApiError } from './console-api-error';

/**
 * Why a sign-in failed, as the sign-in page says it: next-auth's own error codes (the identity
 * provider's side) and ours (the API refused the provider's ID token). Each says what to do next.
 */
const MESSAGES: Record<string, string> = {
  oidc_no_user:
    'Your identity provider signed you in, but no console user has that e-mail address. Ask an admin to add it under Settings → Users and roles.',
  oidc_token_refused:
    'The risk API did not accept the identity provider’s ID token: the console and the API must name the same AUTH_OIDC_ISSUER and AUTH_OIDC_CLIENT_ID. An admin sees the details under Settings → Single sign-on.',
  oidc_not_on_api:
    'Single sign-on is set up in the console but not in the risk API: set AUTH_OIDC_ISSUER and AUTH_OIDC_CLIENT_ID for the API too.',
  oidc_api_unavailable: 'The risk API could not be reached to finish signing in. Try again in a moment.',
  Configuration:
    'Single sign-on failed on the server: the identity provider could not be reached or refused the console’s client id or secret. An admin sees the details under Settings → Single sign-on.',
  AccessDenied: 'The identity provider refused the sign-in.',
  OAuthSignin: 'The sign-in with your identity provider could not be started.',
  OAuthCallback: 'Your identity provider’s answer could not be used. Try again.',
  OAuthCallbackError: 'Your identity provider’s answer could not be used. Try again.',
};

export type OidcFailure = 'oidc_no_user' | 'oidc_token_refused' | 'oidc_not_on_api' | 'oidc_api_unavailable';

/** What the API's refusal of an ID token means for the person signing in. */
export function oidcFailure(error: unknown): OidcFailure {
  if (!(error instanceof ConsoleApiError)) return 'oidc_api_unavailable';
  if (error.code === 'not_found') return 'oidc_not_on_api';
  if (error.code === 'unauthenticated')
    return error.message.includes('no console user') ? 'oidc_no_user' : 'oidc_token_refused';
  return 'oidc_api_unavailable';
}

/** The sign-in page's message for `?error=`; null when there is none. */
export function signInErrorMessage(code: string | undefined, email?: string): string | null {
  if (code === undefined) return null;
  const message = MESSAGES[code] ?? 'Sign-in failed. Try again, or ask an admin.';
  return code === 'oidc_no_user' && email ? message.replace('that e-mail address', email) : message;
}

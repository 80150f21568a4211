import type { SsoStatus } from '../../lib/contracts/console/settings';

interface Props {
  /** As the API sees it. */
  api: SsoStatus;
  /** The issuer the console sends people to, or null when the console has no OIDC configured. */
  consoleIssuer: string | null;
}

const ENV = 'AUTH_OIDC_ISSUER, AUTH_OIDC_CLIENT_ID and AUTH_OIDC_CLIENT_SECRET';

/** The problems that stop single sign-on, in the words an admin needs to fix them. */
function problems({ api, consoleIssuer }: Props): string[] {
  const found: string[] = [];
  if (consoleIssuer && !api.configured)
    found.push(
      'The console offers single sign-on but the risk API does not trust any issuer: set AUTH_OIDC_ISSUER and AUTH_OIDC_CLIENT_ID for the API too.',
    );
  if (!consoleIssuer && api.configured)
    found.push(
      `The risk API trusts ${api.issuer} but the console offers no single sign-on button: set ${ENV} for the console too.`,
    );
  if (consoleIssuer && api.issuer && consoleIssuer.replace(/\/+$/, '') !== api.issuer)
    found.push(
      `The console sends people to ${consoleIssuer} but the API trusts ${api.issuer}: both must name the same issuer.`,
    );
  if (api.problem) found.push(`The identity provider cannot be used: ${api.problem}.`);
  return found;
}

/** Single sign-on (OIDC): configured or not, for which issuer, and what stops it from working. */
export function SsoPanel(props: Props) {
  const { api, consoleIssuer } = props;
  const found = problems(props);
  if (!api.configured && !consoleIssuer)
    return (
      <p className="muted small" data-testid="sso-status">
        Not set up. People sign in with e-mail and password. To add single sign-on, set {ENV} for the console
        and the API (see docs/CONSOLE.md).
      </p>
    );
  return (
    <div className="stack" style={{ gap: 8 }} data-testid="sso-status">
      <dl className="facts">
        <dt>Issuer</dt>
        <dd className="mono">{api.issuer ?? consoleIssuer}</dd>
        <dt>Client id</dt>
        <dd className="mono">{api.client_id ?? 'not set for the API'}</dd>
      </dl>
      {found.length === 0 ? (
        <p className="notice small" data-testid="sso-ok">
          Working: the API reads the issuer’s keys. People sign in with their company account; each needs a
          console user with the same e-mail address (Users and roles).
        </p>
      ) : (
        <div className="error-box" role="alert" data-testid="sso-problem">
          <strong>Single sign-on will fail:</strong>
          <ul>
            {found.map((p) => (
              <li key={p}>{p}</li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}

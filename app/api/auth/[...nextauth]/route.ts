// next-auth endpoints (OIDC callback, CSRF token, session, sign-out).
import { handlers } from '../../../../lib/console-api/auth';

export const { GET, POST } = handlers;

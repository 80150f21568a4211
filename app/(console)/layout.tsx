import type { ReactNode } from 'react';
import { SkipLink } from '../../components/layout/skip-link';
import { TopBar } from '../../components/layout/top-bar';
import { requireConsoleUser } from '../../lib/console-api/session';

// Every screen under here needs a signed-in user; each page checks its own role again.
export default async function ConsoleLayout({ children }: { children: ReactNode }) {
  const { user } = await requireConsoleUser('analyst');
  return (
    <>
      <SkipLink />
      <TopBar email={user.email} role={user.role} tenantName={user.tenantName} />
      <main className="content" id="main" tabIndex={-1}>
        {children}
      </main>
    </>
  );
}

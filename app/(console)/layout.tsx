import type { ReactNode } from 'react';
import { TopBar } from '../../components/layout/top-bar';
import { requireConsoleUser } from '../../lib/console-api/session';

// Every screen under here needs a signed-in user; each page checks its own role again.
export default async function ConsoleLayout({ children }: { children: ReactNode }) {
  const { user } = await requireConsoleUser('analyst');
  return (
    <>
      <TopBar email={user.email} role={user.role} tenantName={user.tenantName} />
      <main className="content">{children}</main>
    </>
  );
}

import type { Role } from '../../lib/contracts/console/common';
import { signOutOfConsole } from '../../lib/console-api/actions/sign-in-actions';
import { NavLinks, type NavItem } from './nav-links';

const NAV: { item: NavItem; roles: readonly Role[] }[] = [
  { item: { href: '/signups', label: 'Signup queue' }, roles: ['analyst', 'manager', 'admin'] },
  { item: { href: '/payments', label: 'Payment review' }, roles: ['analyst', 'manager', 'admin'] },
  { item: { href: '/overview', label: 'Overview' }, roles: ['manager', 'admin'] },
  { item: { href: '/audit', label: 'Audit log' }, roles: ['admin'] },
  { item: { href: '/settings', label: 'Settings' }, roles: ['admin'] },
];

export function TopBar({ email, role, tenantName }: { email: string; role: Role; tenantName: string }) {
  return (
    <header className="topbar">
      <span className="brand">Locus</span>
      <NavLinks items={NAV.filter((n) => n.roles.includes(role)).map((n) => n.item)} />
      <form action="/search" method="get" role="search" className="topbar-search">
        <input
          type="search"
          name="q"
          aria-label="Search cases, devices, accounts and addresses"
          placeholder="Search id, account, address…"
          minLength={2}
        />
      </form>
      <div className="who">
        <span data-testid="signed-in-as">
          {email} · {role} · {tenantName}
        </span>
        <form action={signOutOfConsole}>
          <button type="submit">Sign out</button>
        </form>
      </div>
    </header>
  );
}

import type { Metadata } from 'next';
import type { ReactNode } from 'react';
import { AttributionFooter } from '../components/layout/attribution-footer';
import { QueryProvider } from '../components/layout/query-provider';
import './globals.css';

export const metadata: Metadata = {
  title: { default: 'Locus console', template: '%s · Locus' },
  description: 'Location-based risk review',
};

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body>
        <QueryProvider>
          <div className="page">{children}</div>
        </QueryProvider>
        <AttributionFooter />
      </body>
    </html>
  );
}

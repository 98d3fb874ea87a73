import { fileURLToPath } from 'node:url';
import { reactRouter } from '@react-router/dev/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { linguiPlugins, precompress } from '../vite-shared.ts';

// React Router's plugin builds the pages; unit tests render components with the plain React
// plugin instead, as React Router advises.
const isTest = process.env['VITEST'] !== undefined;

export default defineConfig({
  plugins: [
    isTest ? react() : reactRouter(),
    // Tests reach the trade API's catalogs (its test kit sends mails): they compile with the
    // project's root configuration, which knows them; the build compiles the back office's own.
    ...linguiPlugins(
      isTest ? undefined : fileURLToPath(new URL('./lingui.config.ts', import.meta.url)),
    ),
    precompress(),
  ],
  ssr: {
    // Workspace packages ship TypeScript sources: bundle them; npm dependencies stay external.
    noExternal: [/^@tradein\//],
  },
  build: {
    target: 'es2022',
    // The shop's build owns /assets/ on the same server.
    assetsDir: 'office-assets',
  },
  test: {
    name: 'back-office',
    include: ['app/**/*.test.{ts,tsx}'],
    environment: 'node',
    // Every test drives the built server (and many Chromium) on a machine that may be busy.
    testTimeout: 60_000,
  },
});

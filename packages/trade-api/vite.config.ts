import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { linguiPlugins } from '../../lingui-vite-plugins.ts';

/**
 * The trade API's texts (mail, PDF labels, error messages) are lingui macros, compiled here for
 * tests and for the server bundles (`vite build --ssr`).
 */
export default defineConfig({
  plugins: [react(), ...linguiPlugins()],
  build: {
    target: 'node24',
    sourcemap: true,
    rollupOptions: {
      // Chunks sit beside the entry: modules find the repository by their depth below it
      // (import.meta.url), which must be the same in src/ and in the bundle.
      output: { chunkFileNames: '[name]-[hash].js' },
    },
  },
  test: {
    name: 'trade-api',
    include: ['src/**/*.test.ts'],
    environment: 'node',
    // Server tests start real servers and databases.
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});

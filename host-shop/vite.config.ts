import { reactRouter } from '@react-router/dev/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { linguiPlugins, precompress } from '../vite-shared.ts';

// React Router's plugin builds the pages (`react-router build`); unit tests render components
// with the plain React plugin instead, as React Router advises.
const isTest = process.env['VITEST'] !== undefined;

export default defineConfig({
  plugins: [isTest ? react() : reactRouter(), ...linguiPlugins(), precompress()],
  ssr: {
    // Workspace packages ship TypeScript sources: bundle them; npm dependencies stay external.
    noExternal: [/^@tradein\//],
  },
  build: { target: 'es2022' },
  test: {
    name: 'host-shop',
    include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.mjs'],
    environment: 'node',
  },
});

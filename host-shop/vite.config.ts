import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { linguiPlugins, serverBuild } from '../vite-shared.ts';

export default defineConfig({
  plugins: [react(), ...linguiPlugins()],
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  ssr: {
    // Workspace packages ship TypeScript sources: bundle them; npm dependencies stay external.
    noExternal: [/^@tradein\//],
  },
  build: serverBuild,
  test: {
    name: 'host-shop',
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'node',
  },
});

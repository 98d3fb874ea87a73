import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { linguiPlugins } from '../lingui-vite-plugins.ts';

export default defineConfig({
  plugins: [react(), ...linguiPlugins()],
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  ssr: {
    // Workspace packages ship TypeScript sources: bundle them; npm dependencies stay external.
    noExternal: [/^@tradein\//],
  },
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
    name: 'host-shop',
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'node',
  },
});

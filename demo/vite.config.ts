import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from '../vite-shared.ts';

// The hostile demo page's own React app (real react-dom 19, not our Preact): one classic script
// in dist/, since the page's policy (`script-src 'self'`) allows files of its origin only.
export default defineConfig({
  plugins: [react(), precompress()],
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    lib: {
      entry: 'src/partner-app.tsx',
      formats: ['iife'],
      name: 'partnerApp',
      fileName: () => 'partner-app.js',
    },
  },
});

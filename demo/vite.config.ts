import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from '../vite-shared.ts';
import { startPagesPlugin } from './src/start-pages/vite-plugin.ts';

// Two classic scripts in dist/, one per build (an IIFE library has a single entry), since the
// pages' policies (`script-src 'self'`) allow files of their origin only and nothing inline:
// - the hostile demo page's own React app (real react-dom 19, not our Preact);
// - the start pages' script (`TRADEIN_DEMO_BUILD=start-page`): the snippet's origin, the copy
//   button and the event log. Plain DOM, no library.
// The first build also writes the start pages themselves (`index.html`, `de.html`) from their
// template and dictionaries (src/start-pages/).
const startPage = process.env['TRADEIN_DEMO_BUILD'] === 'start-page';

export default defineConfig({
  plugins: [
    react(),
    precompress(),
    ...(startPage ? [] : [startPagesPlugin(new URL('./', import.meta.url))]),
  ],
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  build: {
    outDir: 'dist',
    // The first build clears dist/, the second adds its file.
    emptyOutDir: !startPage,
    lib: startPage
      ? {
          entry: 'src/start-page.ts',
          formats: ['iife'],
          name: 'demoStartPage',
          fileName: () => 'start-page.js',
        }
      : {
          entry: 'src/partner-app.tsx',
          formats: ['iife'],
          name: 'partnerApp',
          fileName: () => 'partner-app.js',
        },
  },
});

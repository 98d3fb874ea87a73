import { defineConfig } from 'vite';
import { linguiPlugins, serverBuild } from '../vite-shared.ts';

/**
 * The Fastify server (`src/server/main.ts`): the trade API, static files and the mount of the
 * React Router build, bundled for Node. The pages themselves are React Router's build
 * (vite.config.ts), loaded at run time from build/server/index.js.
 */
export default defineConfig({
  // The trade API's mails are translated: its catalogs compile on import.
  plugins: linguiPlugins(),
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  ssr: {
    // Workspace packages ship TypeScript sources: bundle them; npm dependencies stay external.
    noExternal: [/^@tradein\//],
  },
  build: serverBuild,
});

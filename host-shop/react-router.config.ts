import type { Config } from '@react-router/dev/config';

/**
 * React Router framework mode: server rendering with hydration. The build writes the browser
 * assets to build/client and the request handler to build/server/index.js, which the Fastify
 * server (src/server/app.ts) mounts.
 */
export default {
  appDirectory: 'src/app',
  buildDirectory: 'build',
  ssr: true,
} satisfies Config;

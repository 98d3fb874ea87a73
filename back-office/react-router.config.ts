import type { Config } from '@react-router/dev/config';

/**
 * React Router framework mode, server-rendered like the shop. The build writes the browser
 * assets to build/client (under /office-assets/, apart from the shop's /assets/) and the
 * request handler to build/server/index.js, which the shop's Fastify server mounts for the back
 * office's host (host-shop/src/server/back-office.ts).
 */
export default {
  appDirectory: 'app',
  buildDirectory: 'build',
  ssr: true,
} satisfies Config;

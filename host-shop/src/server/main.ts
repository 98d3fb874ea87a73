import { fileURLToPath } from 'node:url';
import { exitUnlessSupportedNode } from '@tradein/trade-api/runtime';

// Before the server's modules load: they need the pinned Node.js, and an older one would fail
// on them with a less helpful error.
exitUnlessSupportedNode();

// src/server/main.ts and the bundled dist/server/main.js sit at the same depth in host-shop/.
const defaultDataDir = fileURLToPath(new URL('../../../data/', import.meta.url));
const pagesBuild = new URL('../../build/server/index.js', import.meta.url);
const backOfficeBuild = new URL('../../../back-office/build/server/index.js', import.meta.url);

const { serve } = await import('./serve.ts');
await serve({ defaultDataDir, pagesBuild, backOfficeBuild });

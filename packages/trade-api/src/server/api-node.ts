import { exitUnlessSupportedNode } from './supported-runtime.ts';

// Before the node's modules load: they need the pinned Node.js, and an older one would fail on
// them with a less helpful error.
exitUnlessSupportedNode();
const { serveApiNode } = await import('./api-node-serve.ts');
await serveApiNode();

import { exitUnlessSupportedNode } from '../server/supported-runtime.ts';

// Before the command line's modules load: they need the pinned Node.js, and an older one would
// fail on them with a less helpful error.
exitUnlessSupportedNode();
const { runOps } = await import('./ops-run.ts');
process.exitCode = await runOps();

import { exitUnlessSupportedNode } from '../server/supported-runtime.ts';

// Before the command line's modules load: they need the pinned Node.js, and an older one would
// fail on them with a less helpful error.
exitUnlessSupportedNode();
// `npm run ops` runs this in the repository's root (the workspace's `npm run ops` in its own
// folder); the operator's relative paths (`prices import prices.csv`, `catalogue import
// models.json`, `--photo`, a relative DATA_DIR) name files in the folder `npm run` was started
// in, which npm passes as INIT_CWD.
const startedIn = process.env['INIT_CWD'];
if (startedIn !== undefined && startedIn !== '') process.chdir(startedIn);
const { runOps } = await import('./ops-run.ts');
process.exitCode = await runOps();

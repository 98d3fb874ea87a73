/*
 * Imports nothing: the entries of the servers and the operator command line call it before they
 * load the modules that need a current Node.js (`node:sqlite` does not exist before Node 22.5,
 * and an older Node fails on it with an unhelpful "unknown built-in module").
 */

/** The oldest Node.js release line the project runs on (the pinned one: root package.json). */
export const minimumNodeMajor = 24;

/**
 * Why `version` (as `process.version` writes it, `v24.21.0`) cannot run the project, ready to
 * print; `undefined` when it can.
 */
export function unsupportedNodeReason(version: string): string | undefined {
  const major = /^v?(\d+)\.\d+\.\d+/.exec(version)?.[1];
  if (major !== undefined && Number(major) >= minimumNodeMajor) return undefined;
  return (
    `Node.js ${minimumNodeMajor} or later is required, but this is Node.js ${version}. ` +
    'Start it through npm (npm start, npm run start:api, npm run ops), which runs the Node.js ' +
    `pinned in package.json, or deploy on a Node.js ${minimumNodeMajor} image.`
  );
}

/** Prints the reason and exits 1 when the running Node.js is too old. */
export function exitUnlessSupportedNode(): void {
  const reason = unsupportedNodeReason(process.version);
  if (reason === undefined) return;
  process.stderr.write(`${reason}\n`);
  process.exit(1);
}

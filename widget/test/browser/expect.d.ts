// The types of expect.js: chai's `expect`, as @types/chai describes it.
/** @public (imported by the browser tests through expect.js) */
export { expect } from 'chai';

/**
 * Returns what `build` builds. Every module-level schema of the contract is built through it,
 * with the call marked pure (`pure(() => z.object(…))` preceded by the `@__PURE__` annotation).
 *
 * Why: bundlers cannot know that zod's builder calls (`z.string().check(…)`) have no side
 * effects, so they keep every schema of a module once anything of the module is used. A call
 * marked pure whose only argument is a function can be dropped when its value is unused, so a
 * bundle carries only the schemas it reads (and what those reference).
 */
/* @__NO_SIDE_EFFECTS__ */
export function pure<T>(build: () => T): T {
  return build();
}

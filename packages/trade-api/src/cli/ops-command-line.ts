/*
 * The words of an operator command line (`npm run ops -- …`) and the two ways a command fails,
 * shared by ops-commands.ts and its command groups.
 */

/** A command line the commands cannot run: printed with the usage, exit code 2. */
export class UsageError extends Error {}

/** A command that refused its input (a bad file, a guard): printed as it is, exit code 1. */
export class RefusedError extends Error {}

/** Options that take no value: present means yes. */
const flagOptions: ReadonlySet<string> = new Set(['dry-run', 'yes', 'force', 'all']);

/** Splits `--name value` options (repeatable) from positional words. */
export function parseOptions(words: readonly string[]): {
  positional: string[];
  options: Map<string, string[]>;
} {
  const positional: string[] = [];
  const options = new Map<string, string[]>();
  for (let index = 0; index < words.length; index += 1) {
    const word = words[index] ?? '';
    if (!word.startsWith('--')) {
      positional.push(word);
      continue;
    }
    const [name = '', inline] = word.slice(2).split(/=(.*)/s, 2);
    let value = inline;
    if (value === undefined && flagOptions.has(name)) value = 'yes';
    if (value === undefined) {
      value = words[index + 1];
      if (value === undefined || value.startsWith('--'))
        throw new UsageError(`--${name} needs a value`);
      index += 1;
    }
    options.set(name, [...(options.get(name) ?? []), value]);
  }
  return { positional, options };
}

/** The value of an option given at most once. */
export function single(options: Map<string, string[]>, name: string): string | undefined {
  const values = options.get(name);
  if (values !== undefined && values.length > 1)
    throw new UsageError(`--${name} may be given once`);
  return values?.[0];
}

/**
 * More prices than this written at once on production (`prices import`, `prices adjust`, the new
 * prices of a `catalogue import`) need `--yes` or the operator's confirmation.
 */
export const confirmationThreshold = 1000;

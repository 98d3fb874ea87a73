import type { OpsDeps } from './ops-commands.ts';
import { UsageError } from './ops-commands.ts';

/** `catalogue import` and `catalogue retire` (docs/catalogue.md). */
export async function runCatalogueCommand(
  positional: readonly string[],
  _options: Map<string, string[]>,
  _deps: OpsDeps,
  _print: (line: string) => void,
): Promise<number> {
  throw new UsageError(`Unknown catalogue command "${positional[1] ?? ''}"`);
}

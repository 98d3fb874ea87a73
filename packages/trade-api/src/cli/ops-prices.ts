import type { OpsDeps } from './ops-commands.ts';
import { UsageError } from './ops-commands.ts';

/** `prices …`: export, import, adjust, factors, set-factor, history (docs/catalogue.md, "Prices"). */
export async function runPriceCommand(
  positional: readonly string[],
  _options: Map<string, string[]>,
  _deps: OpsDeps,
  _print: (line: string) => void,
): Promise<number> {
  throw new UsageError(`Unknown prices command "${positional[1] ?? ''}"`);
}

/** A name compared without case and with runs of spaces as one: `iphone 13`. */
export function normalName(name: string): string {
  return name.trim().replace(/\s+/g, ' ').toLowerCase();
}

/** Edits (insert, delete, replace a character) that turn one text into the other. */
function editDistance(left: string, right: string): number {
  let previous = Array.from({ length: right.length + 1 }, (_, index) => index);
  for (let row = 1; row <= left.length; row += 1) {
    const current = [row];
    for (let column = 1; column <= right.length; column += 1) {
      const replace = (previous[column - 1] ?? 0) + (left[row - 1] === right[column - 1] ? 0 : 1);
      current[column] = Math.min(
        replace,
        (previous[column] ?? 0) + 1,
        (current[column - 1] ?? 0) + 1,
      );
    }
    previous = current;
  }
  return previous[right.length] ?? 0;
}

/**
 * The `count` names closest to what was asked for (case-insensitive), for "did you mean":
 * names containing it first, then by edit distance.
 */
export function closestNames(asked: string, names: readonly string[], count = 5): string[] {
  const wanted = normalName(asked);
  return [...new Set(names)]
    .map((name) => {
      const normal = normalName(name);
      const distance = normal.includes(wanted) ? 0 : editDistance(wanted, normal);
      return { name, distance };
    })
    .toSorted(
      (left, right) => left.distance - right.distance || left.name.localeCompare(right.name),
    )
    .slice(0, count)
    .map((entry) => entry.name);
}

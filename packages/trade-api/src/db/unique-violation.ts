/** SQLite's extended result codes of a broken UNIQUE or PRIMARY KEY constraint. */
const sqliteUniqueCodes: ReadonlySet<number> = new Set([
  2067, // SQLITE_CONSTRAINT_UNIQUE
  1555, // SQLITE_CONSTRAINT_PRIMARYKEY
]);

/**
 * Whether a database error is a unique-constraint violation: PostgreSQL's `23505`, or a
 * `node:sqlite` error (`ERR_SQLITE_ERROR`) whose extended code is a broken UNIQUE or PRIMARY
 * KEY constraint.
 */
export function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null || !('code' in error)) return false;
  if (error.code === '23505') return true;
  return (
    error.code === 'ERR_SQLITE_ERROR' &&
    'errcode' in error &&
    typeof error.errcode === 'number' &&
    sqliteUniqueCodes.has(error.errcode)
  );
}

import type { ColumnDefinitionBuilder } from 'kysely';
import type { DatabaseDialect } from './create-database.ts';

/** Integer primary key that the database numbers: `integer primary key autoincrement` / identity. */
export function generatedId(dialect: DatabaseDialect) {
  return (column: ColumnDefinitionBuilder) =>
    dialect === 'postgres'
      ? column.primaryKey().generatedByDefaultAsIdentity()
      : column.primaryKey().autoIncrement();
}

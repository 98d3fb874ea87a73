import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { testDatabases } from '../../test-kit/test-databases.ts';
import { isUniqueViolation } from './unique-violation.ts';

describe.each(testDatabases())('a unique-constraint violation on $name', (engine) => {
  it('is told from other errors', async () => {
    const db = await engine.create();
    try {
      await sql`create table pairs (id integer primary key, name text unique, size integer not null)`.execute(
        db,
      );
      await sql`insert into pairs (id, name, size) values (1, 'a', 1)`.execute(db);
      const failure = (statement: ReturnType<typeof sql>) =>
        statement.execute(db).then(
          () => undefined,
          (error: unknown) => error,
        );
      expect(
        isUniqueViolation(
          await failure(sql`insert into pairs (id, name, size) values (2, 'a', 1)`),
        ),
      ).toBe(true);
      expect(
        isUniqueViolation(
          await failure(sql`insert into pairs (id, name, size) values (1, 'b', 1)`),
        ),
      ).toBe(true);
      expect(
        isUniqueViolation(
          await failure(sql`insert into pairs (id, name, size) values (3, 'c', null)`),
        ),
      ).toBe(false);
      expect(isUniqueViolation(await failure(sql`select * from missing_table`))).toBe(false);
    } finally {
      await engine.destroy(db);
    }
  });
});

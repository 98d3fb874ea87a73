import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { testDatabases, useMigratedDatabase } from '../../test-kit/test-databases.ts';
import { auditEvents, recordAudit } from './audit-log.ts';

describe('the audit log module', () => {
  it('only inserts and reads: no code here updates or deletes an event', async () => {
    const source = await readFile(new URL('./audit-log.ts', import.meta.url), 'utf8');
    expect(source).toContain('insertInto');
    expect(source).not.toMatch(/updateTable|deleteFrom|\bupdate\s|\bdelete\s/i);
  });
});

describe.each(testDatabases())('audit events on $name', (engine) => {
  const db = useMigratedDatabase(engine);

  it('answers events newest first, filtered by subject and actor, paged by id', async () => {
    const base = new Date('2026-11-27T10:00:00.000Z');
    for (let index = 0; index < 5; index += 1) {
      await recordAudit(db(), {
        by: { actor: index % 2 === 0 ? 'ops:anna' : 'staff:s1', label: 'x', source: 'test' },
        action: 'trade.received',
        subjectType: 'trade',
        subjectId: index < 3 ? 'T-2026-000001' : 'T-2026-000002',
        before: index === 0 ? null : { n: index - 1 },
        after: { n: index },
        at: new Date(base.getTime() + index * 1000),
      });
    }
    const trade = await auditEvents(db(), {
      subjectType: 'trade',
      subjectId: 'T-2026-000001',
      limit: 10,
    });
    expect(trade.map((event) => event.after)).toEqual([{ n: 2 }, { n: 1 }, { n: 0 }]);
    expect(trade[2]?.before).toBeNull();
    const anna = await auditEvents(db(), { actor: 'ops:anna', limit: 2 });
    expect(anna.map((event) => event.after)).toEqual([{ n: 4 }, { n: 2 }]);
    const next = await auditEvents(db(), { actor: 'ops:anna', limit: 2, before: anna[1]?.id });
    expect(next.map((event) => event.after)).toEqual([{ n: 0 }]);
  });
});

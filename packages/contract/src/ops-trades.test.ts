import { describe, expect, it } from 'vitest';
import { tradeQueueQuerySchema } from './ops-trades.ts';

/** The fields a refused query names. */
function refusedFields(query: Record<string, unknown>): string[] {
  const result = tradeQueueQuerySchema.safeParse(query);
  return result.success ? [] : result.error.issues.map((issue) => issue.path.join('.'));
}

describe('tradeQueueQuerySchema', () => {
  it('fills in the default view: newest first, page 1 of 50', () => {
    expect(tradeQueueQuerySchema.parse({})).toEqual({
      sort: 'created',
      direction: 'desc',
      page: 1,
      pageSize: 50,
    });
  });

  it('reads a URL, where every value is text, and a caller that passes numbers', () => {
    const fromUrl = Object.fromEntries(
      new URLSearchParams(
        'status=paid&edition=de&mode=b2bWidget&partner=otto&from=2026-01-01&to=2026-01-31&q=+Anna+&sort=total&direction=asc&page=3&pageSize=100',
      ),
    );
    expect(tradeQueueQuerySchema.parse(fromUrl)).toEqual({
      status: 'paid',
      edition: 'de',
      mode: 'b2bWidget',
      partner: 'otto',
      from: '2026-01-01',
      to: '2026-01-31',
      q: 'Anna',
      sort: 'total',
      direction: 'asc',
      page: 3,
      pageSize: 100,
    });
    expect(tradeQueueQuerySchema.parse({ page: 2, pageSize: 10 })).toMatchObject({
      page: 2,
      pageSize: 10,
    });
    expect(tradeQueueQuerySchema.parse({ from: '2026-01-01', to: '2026-01-01' })).toMatchObject({
      from: '2026-01-01',
      to: '2026-01-01',
    });
  });

  it.each([
    [{ status: 'shipped' }, 'status'],
    [{ edition: 'uk' }, 'edition'],
    [{ mode: 'shop' }, 'mode'],
    [{ partner: 'a b' }, 'partner'],
    [{ partner: '' }, 'partner'],
    [{ from: '2026-13-01' }, 'from'],
    [{ from: '2026-02-30' }, 'from'],
    [{ to: '1.2.2026' }, 'to'],
    [{ from: '2026-03-01', to: '2026-02-28' }, 'to'],
    [{ q: '' }, 'q'],
    [{ q: '   ' }, 'q'],
    [{ q: 'a'.repeat(101) }, 'q'],
    [{ q: 'anna\u0000' }, 'q'],
    [{ q: 'anna\nberg' }, 'q'],
    [{ sort: 'price' }, 'sort'],
    [{ direction: 'up' }, 'direction'],
    [{ page: '0' }, 'page'],
    [{ page: 0 }, 'page'],
    [{ page: '-1' }, 'page'],
    [{ page: '1.5' }, 'page'],
    [{ page: 1.5 }, 'page'],
    [{ page: '100001' }, 'page'],
    [{ page: 'two' }, 'page'],
    [{ pageSize: '101' }, 'pageSize'],
    [{ pageSize: '0' }, 'pageSize'],
  ])('refuses %j naming %s', (query, field) => {
    expect(refusedFields(query)).toEqual([field]);
  });
});

import { describe, expect, it } from 'vitest';
import { passOnFile } from './ops-api.server.ts';

/*
 * A file or photo of the trade API handed on to the browser: its bytes and safe headers only.
 */

/** A photo answer of `type` handed on as photo routes hand it on. */
function photo(type: string): Response {
  return passOnFile(
    new Response(new Uint8Array([1, 2, 3]), { headers: { 'content-type': type } }),
    {
      cacheControl: 'private, max-age=300',
      types: /^image\/(jpeg|png|webp)$/,
    },
  );
}

describe('passOnFile', () => {
  it('hands the bytes, type, file name and length on, cached as told and never sniffed', async () => {
    const answer = new Response('iban;amount\n', {
      headers: {
        'content-type': 'text/csv; charset=utf-8',
        'content-disposition': 'attachment; filename="B-1.csv"',
        'content-length': '12',
        'set-cookie': 'tradein_staff=secret',
        'x-powered-by': 'api',
      },
    });
    const passed = passOnFile(answer, { cacheControl: 'private, no-store' });
    expect(passed.status).toBe(200);
    expect(Object.fromEntries(passed.headers)).toEqual({
      'cache-control': 'private, no-store',
      'content-disposition': 'attachment; filename="B-1.csv"',
      'content-length': '12',
      'content-type': 'text/csv; charset=utf-8',
      'x-content-type-options': 'nosniff',
    });
    expect(await passed.text()).toBe('iban;amount\n');
  });

  it('sends a type outside the allowed ones as plain bytes', async () => {
    expect(photo('image/png').headers.get('content-type')).toBe('image/png');
    expect(photo('text/html').headers.get('content-type')).toBe('application/octet-stream');
    expect(photo('image/svg+xml').headers.get('content-type')).toBe('application/octet-stream');
    expect(new Uint8Array(await photo('image/webp').arrayBuffer())).toEqual(
      new Uint8Array([1, 2, 3]),
    );
  });
});

import { describe, expect, it } from 'vitest';
import { cartCountOf } from './cart-count.ts';

describe('cartCountOf', () => {
  it.each([
    ['tradein_cart_count=2', 2],
    ['tradein_consent=x; tradein_cart_count=12; tradein_client_id=abc', 12],
    [' tradein_cart_count = 3 ', 3],
  ])('reads %j as %i devices', (cookies, count) => {
    expect(cartCountOf(cookies)).toBe(count);
  });

  it.each([
    ['no cookies', null],
    ['another cookie only', 'tradein_client_id=abc'],
    ['a name that only ends alike', 'my_tradein_cart_count=2'],
    ['zero', 'tradein_cart_count=0'],
    ['words', 'tradein_cart_count=zwei'],
    ['a negative count', 'tradein_cart_count=-1'],
    ['markup', 'tradein_cart_count=<b>2</b>'],
  ])('shows no count for %s', (_name, cookies) => {
    expect(cartCountOf(cookies)).toBeUndefined();
  });
});

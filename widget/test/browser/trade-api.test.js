import { expect } from './expect.js';
import { searchToken, tradeApiOrigin } from './helpers.js';

describe('the trade API the browser tests run against', () => {
  it('answers a cross-origin search from the test page, as a partner page would call it', async () => {
    const search = searchToken({ kind: 'deviceSearch', text: 'iphne 13' });
    const response = await fetch(`${tradeApiOrigin()}/api/trade/searches`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ search, application: 'devices_de', resultSize: 5 }),
    });
    expect(response.status).to.equal(200);
    const result = await response.json();
    expect(result.hits[0].model.startsWith('iPhone 13')).to.equal(true);
  });
});

// Steady load on the cluster from many clients, as sellers make it: searches, an offer, and now
// and then a guest checkout. Every request is recorded (start, end, status or error, the node
// that answered when nginx names it), so a fault test can judge what happened around a fault.
import { randomUUID } from 'node:crypto';
import { Agent, request } from 'node:http';

/** Typo searches people type, the way the widget sends them. */
const searchTexts = [
  'iphne 13 pr',
  'iphone 12',
  'galaxy s2',
  'pixel 7',
  'ipad air',
  'macbok pro',
  'apple watch',
  'samsng a52',
  'iphone 14 pro max',
  'xiaomi',
];

/** The body of a device search (`sq1.` + the query as base64url JSON). */
export function searchBody(text) {
  const query = Buffer.from(JSON.stringify({ kind: 'deviceSearch', text })).toString('base64url');
  return { search: `sq1.${query}`, application: 'devices_de', resultSize: 10 };
}

/** A German seller's address and SEPA payout that pass the checkout's rules. */
export const checkoutDetails = {
  address: {
    salutation: 'ms',
    firstName: 'Erika',
    lastName: 'Müller',
    street: 'Hauptstraße',
    houseNumber: '5a',
    zip: '10115',
    city: 'Berlin',
    country: 'de',
  },
  payout: { paymentType: 13, accountHolder: 'Erika Müller', iban: 'DE89370400440532013000' },
};

/**
 * One HTTP call through `agent`: resolves `{ status, headers, body, retried }` (body parsed as
 * JSON when it is JSON, else a Buffer), or `{ error: 'timeout' | 'network', message }`. Never
 * rejects. A request sent on a reused keep-alive connection that the server closed at that very
 * moment (ECONNRESET before any answer) is sent once more on a new connection, as browsers do
 * and as Node.js documents for `request.reusedSocket`: the server never read it.
 */
export async function send(options) {
  const answer = await sendOnce(options);
  if (answer.error !== 'network' || !answer.reusedSocket || answer.code !== 'ECONNRESET') {
    return answer;
  }
  return { ...(await sendOnce(options)), retried: true };
}

function sendOnce({ origin, agent, method, path, body, headers = {}, timeoutMs = 15_000 }) {
  const url = new URL(path, origin);
  const payload =
    body === undefined ? undefined : Buffer.isBuffer(body) ? body : JSON.stringify(body);
  return new Promise((resolve) => {
    const call = request(
      url,
      {
        method,
        agent,
        headers: {
          ...(payload === undefined
            ? {}
            : {
                'content-type': Buffer.isBuffer(body) ? 'image/png' : 'application/json',
                'content-length': Buffer.byteLength(payload),
              }),
          ...headers,
        },
      },
      (response) => {
        const chunks = [];
        response.on('data', (chunk) => chunks.push(chunk));
        response.on('error', (error) => resolve({ error: 'network', message: error.message }));
        response.on('end', () => {
          const raw = Buffer.concat(chunks);
          let parsed = raw;
          if ((response.headers['content-type'] ?? '').startsWith('application/json')) {
            try {
              parsed = JSON.parse(raw.toString('utf8'));
            } catch {
              parsed = raw.toString('utf8');
            }
          }
          resolve({ status: response.statusCode, headers: response.headers, body: parsed });
        });
      },
    );
    call.setTimeout(timeoutMs, () => call.destroy(new Error('timeout')));
    call.on('error', (error) =>
      resolve({
        error: error.message === 'timeout' ? 'timeout' : 'network',
        message: error.message,
        code: error.code,
        reusedSocket: call.reusedSocket,
      }),
    );
    call.end(payload);
  });
}

/**
 * A guest checkout of one offer as the widget makes it: a guest session, the guest's details
 * (a fresh address per checkout, so the mail caps per recipient never bite), the checkout.
 * `call(kind, method, path, body, headers)` sends and records each step.
 */
async function guestCheckout(call, offerId, email) {
  const session = await call('guestSession', 'POST', '/api/account/guestSession', {
    locale: 'de',
  });
  if (session.status !== 200) return undefined;
  const authorization = { authorization: `Bearer ${session.body.access_token}` };
  const details = await call(
    'guestDetails',
    'POST',
    '/api/customers/guest_account_number',
    { email, firstName: 'Erika', lastName: 'Müller', locale: 'de' },
    authorization,
  );
  if (details.status !== 200) return undefined;
  const body = {
    edition: 'de',
    offers: [{ offerId, quantity: 1 }],
    ...checkoutDetails,
    shopMode: 'default',
    acceptedTerms: true,
  };
  // One key per checkout, as the widget sends it (docs/trades.md, "Retries and the
  // Idempotency-Key"); the load does not resend a checkout.
  const headers = { ...authorization, 'idempotency-key': randomUUID() };
  const checkout = await call('checkout', 'POST', '/api/trade/trades', body, headers);
  return { checkout, token: session.body.access_token };
}

/**
 * Starts `clients` clients against `origin`, each in a loop of seller visits: two searches, an
 * offer on one of `offerBodies`, and every `checkoutEvery`-th visit a guest checkout of that
 * offer (with an `Idempotency-Key`). Each visit comes from its own loopback address (127.<client>.x.y), so nginx and the
 * nodes see as many sellers as there are visits, and per-client limits apply as in production.
 * After a failed request a client waits 200 ms (as the widget does before its next try).
 *
 * Returns `{ requests, checkouts, inFlight, stop() }`: `requests` are records
 * `{ kind, start, end, status?, code?, error?, message?, upstream?, retried? }`, `checkouts` are
 * `{ email, token, status, tradeNumber?, start, end }`, `inFlight()` the records not yet ended;
 * `stop()` resolves once every client finished its current request.
 */
export function startLoad({ origin, clients, offerBodies, checkoutEvery = 2, runId = 'load' }) {
  const requests = [];
  const checkouts = [];
  const open = new Set();
  const state = { running: true };

  const runClient = async (client) => {
    for (let visit = 1; state.running; visit += 1) {
      const localAddress = `127.${client + 1}.${(visit >> 8) & 255}.${visit & 255}`;
      const agent = new Agent({ keepAlive: true, localAddress, maxSockets: 1 });
      let failed = false;
      const call = async (kind, method, path, body, headers) => {
        const record = { kind, start: Date.now(), end: undefined };
        open.add(record);
        requests.push(record);
        const answer = await send({ origin, agent, method, path, body, headers });
        record.end = Date.now();
        open.delete(record);
        if (answer.retried) record.retried = true;
        if (answer.error) {
          record.error = answer.error;
          record.message = answer.message;
        } else {
          record.status = answer.status;
          record.upstream = answer.headers['x-upstream'];
          if (answer.status >= 400) {
            record.code = answer.body?.error?.code;
            record.message = answer.body?.error?.message;
          }
        }
        if (answer.error || answer.status >= 400) failed = true;
        return answer;
      };
      try {
        for (let i = 0; i < 2 && state.running; i += 1) {
          const text = searchTexts[(client + visit + i) % searchTexts.length];
          const search = await call('search', 'POST', '/api/trade/searches', searchBody(text));
          if (search.status !== 200) break;
        }
        if (failed || !state.running) continue;
        const offerBody = offerBodies[(client * 7 + visit) % offerBodies.length];
        const offer = await call('offer', 'POST', '/api/trade/offers', offerBody);
        if (offer.status !== 200 || visit % checkoutEvery !== 0 || !state.running) continue;
        const email = `${runId}-${client}-${visit}@example.com`;
        const start = Date.now();
        const result = await guestCheckout(call, offer.body.offerId, email);
        if (result === undefined) continue;
        const { checkout, token } = result;
        checkouts.push({
          email,
          token,
          start,
          end: Date.now(),
          status: checkout.status ?? checkout.error,
          tradeNumber: checkout.status === 201 ? checkout.body.tradeNumber : undefined,
        });
      } finally {
        agent.destroy();
        if (failed && state.running) await new Promise((resolve) => setTimeout(resolve, 200));
      }
    }
  };

  const done = Promise.all(Array.from({ length: clients }, (_, client) => runClient(client)));
  return {
    requests,
    checkouts,
    inFlight: () => [...open],
    async stop() {
      state.running = false;
      await done;
    },
  };
}

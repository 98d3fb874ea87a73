// Helpers of the tracking browser tests: the client id cookie and the events the server stored.
// The test runner serves files without bare-specifier resolution (nodeResolve: false).
// oxlint-disable-next-line import/no-absolute-path -- a URL path on the test server, not a file path
import { executeServerCommand } from '/node_modules/@web/test-runner-commands/browser/commands.mjs';

const cookieName = 'tradein_client_id';

/** The tracking client id the page keeps in its cookie, if any. */
export function clientIdCookie() {
  const entry = document.cookie.split('; ').find((cookie) => cookie.startsWith(`${cookieName}=`));
  return entry?.slice(cookieName.length + 1);
}

/** Deletes the client id cookie, so a test starts as a new visitor. */
export function forgetClientId() {
  document.cookie = `${cookieName}=; max-age=0; path=/`;
}

/** The controlling events the server stored for a client, once there are at least `count`. */
export async function storedEvents(clientId, count, timeoutMs = 5000) {
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    const events = await executeServerCommand('trade-api:controlling-events', { clientId });
    if (events.length >= count || performance.now() > deadline) return events;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

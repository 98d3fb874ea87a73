// @vitest-environment happy-dom
import { act, useEffect } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useRetryableCall, type RetryableCall } from './use-retryable-call.ts';

// React reports state changes outside `act` unless it knows it runs in tests.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** A call the test settles by hand, one per load. */
interface PendingLoad {
  resolve(value: string): void;
  reject(error: Error): void;
}

let loads: PendingLoad[];
let latest: RetryableCall<string> | undefined;
let root: Root;

function Probe({ onCall }: { onCall(call: RetryableCall<string>): void }) {
  const call = useRetryableCall(
    'probe',
    () =>
      new Promise<string>((resolve, reject) => {
        loads.push({ resolve, reject });
      }),
  );
  useEffect(() => onCall(call));
  return null;
}

/** The call as the page sees it now. */
function current(): RetryableCall<string> {
  if (latest === undefined) throw new Error('not rendered');
  return latest;
}

beforeEach(async () => {
  loads = [];
  latest = undefined;
  root = createRoot(document.createElement('div'));
  await act(async () =>
    root.render(
      <Probe
        onCall={(call) => {
          latest = call;
        }}
      />,
    ),
  );
});

afterEach(async () => {
  await act(async () => root.unmount());
});

/** Settles the newest load and lets React draw the outcome. */
async function settleLatest(outcome: string | Error): Promise<void> {
  const load = loads.at(-1);
  if (load === undefined) throw new Error('nothing is loading');
  await act(async () => {
    if (outcome instanceof Error) load.reject(outcome);
    else load.resolve(outcome);
  });
}

describe('useRetryableCall', () => {
  it('shows the loading state again while a retry after a failure runs', async () => {
    expect(current().status).toBe('loading');
    await settleLatest(new Error('offline'));
    expect(current().status).toBe('failed');

    await act(async () => current().retry());
    expect(loads).toHaveLength(2);
    expect(current().status).toBe('loading');

    await settleLatest(new Error('still offline'));
    expect(current().status).toBe('failed');

    await act(async () => current().retry());
    await settleLatest('three trades');
    expect(current()).toMatchObject({ status: 'done', data: 'three trades' });
  });

  it('keeps what is shown while a reload after a change runs', async () => {
    await settleLatest('before');
    await act(async () => current().reload());
    expect(loads).toHaveLength(2);
    expect(current()).toMatchObject({ status: 'done', data: 'before' });
    await settleLatest('after');
    expect(current()).toMatchObject({ status: 'done', data: 'after' });
  });
});

// Reads a server's JSON log lines from its stdout and finds the one that names the Node.js it
// runs on (`{"node":"v24.21.0",…}`, logged right after it starts listening).

/**
 * The `node` field of the first log line that has one, or `undefined` when none came within
 * `timeoutMs` or the stream ended first. Keeps reading (and dropping) later lines, so the
 * server never blocks on a full pipe.
 */
export function loggedNodeVersion(stdout, timeoutMs = 5000) {
  return new Promise((resolve) => {
    let pending = '';
    let found = false;
    const timer = setTimeout(() => resolve(undefined), timeoutMs);
    const settle = (version) => {
      found = true;
      clearTimeout(timer);
      resolve(version);
    };
    stdout.setEncoding('utf8');
    stdout.on('data', (chunk) => {
      if (found) return;
      pending += chunk;
      const lines = pending.split('\n');
      pending = lines.pop();
      for (const line of lines) {
        if (!line.includes('"node":')) continue;
        try {
          const version = JSON.parse(line).node;
          if (typeof version === 'string') return settle(version);
        } catch {
          // Not a JSON log line: keep looking.
        }
      }
    });
    stdout.on('end', () => settle(undefined));
  });
}

/** Whether a `process.version`-style string names Node.js 24 or later. */
export function isSupportedNode(version) {
  return Number(/^v(\d+)\./.exec(version ?? '')?.[1] ?? 0) >= 24;
}

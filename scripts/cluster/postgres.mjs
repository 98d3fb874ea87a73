// A throwaway Debian PostgreSQL cluster for the reference cluster and its fault tests: the same
// setup as scripts/with-postgres.sh (temporary folder, free loopback port, scram password, as the
// postgres user when root), plus the faults the tests need: stop and start again on the same port,
// and freezing every PostgreSQL process (SIGSTOP) to stand for a stalled database.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  chmodSync,
  chownSync,
  existsSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { freePort } from '../built-server.mjs';
import { installDebianPackage } from './debian-package.mjs';

/** The first Debian PostgreSQL bin folder with initdb and pg_ctl, or `undefined`. */
function findBinDir() {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root).toSorted((a, b) => Number(b) - Number(a));
  for (const version of versions) {
    const dir = join(root, version, 'bin');
    if (existsSync(join(dir, 'initdb')) && existsSync(join(dir, 'pg_ctl'))) return dir;
  }
  return undefined;
}

/** Debian's PostgreSQL bin folder; installs the package first when missing and running as root. */
function postgresBinDir() {
  const found = findBinDir();
  if (found) return found;
  installDebianPackage('postgresql');
  const installed = findBinDir();
  if (!installed) throw new Error('postgresql was installed but initdb was not found');
  return installed;
}

/** The process ids whose parent is `pid` (from /proc). */
function childPids(pid) {
  const children = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // Fields after the command name, which is in parentheses and may contain spaces.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(fields[1]) === pid) children.push(Number(entry));
    } catch {
      // The process ended meanwhile.
    }
  }
  return children;
}

/** The postmaster's process id (first line of postmaster.pid), or `undefined` when stopped. */
function postmasterPid(dataDir) {
  const file = join(dataDir, 'postmaster.pid');
  if (!existsSync(file)) return undefined;
  return Number(readFileSync(file, 'utf8').split('\n')[0]);
}

/**
 * Sends `signal` to the postmaster and every backend; false when the cluster is not running.
 * Freezing (SIGSTOP), the postmaster goes first so it forks no new backend after its children
 * were stopped; otherwise it goes last.
 */
function signalCluster(dataDir, signal) {
  const postmaster = postmasterPid(dataDir);
  if (postmaster === undefined) return false;
  const send = (target) => {
    try {
      process.kill(target, signal);
    } catch {
      // A process that ended meanwhile.
    }
  };
  if (signal === 'SIGSTOP') send(postmaster);
  for (const child of childPids(postmaster)) send(child);
  if (signal !== 'SIGSTOP') send(postmaster);
  return true;
}

/**
 * Creates and starts a cluster. Resolves to `{ url, port, dataDir, logFile, pid(), stop(),
 * start(), freeze(), thaw(), destroy() }`: `url` is the `postgres://` URL of its `postgres`
 * database (what the nodes get as `DATABASE_URL`), `stop` is a fast shutdown, `start` starts it
 * again on the same port, `freeze`/`thaw` send SIGSTOP/SIGCONT to the postmaster and every backend.
 */
export async function startPostgres({ prefix = 'tradein-cluster-pg-' } = {}) {
  const binDir = postgresBinDir();
  const asRoot = process.getuid?.() === 0;
  const owner = asRoot ? Number(execFileSync('id', ['-u', 'postgres']).toString().trim()) : null;
  const ownerGroup = asRoot
    ? Number(execFileSync('id', ['-g', 'postgres']).toString().trim())
    : null;
  /** A PostgreSQL tool's command line as the cluster's owner (initdb and pg_ctl refuse root). */
  const commandLine = (tool, args) =>
    asRoot
      ? ['runuser', ['-u', 'postgres', '--', join(binDir, tool), ...args]]
      : [join(binDir, tool), args];
  const run = (tool, args) => spawnSync(...commandLine(tool, args), { encoding: 'utf8' });
  /** The same without blocking: the fault tests' load keeps running meanwhile. */
  const runAsync = (tool, args) =>
    new Promise((resolve) => {
      const child = spawn(...commandLine(tool, args), { stdio: ['ignore', 'pipe', 'pipe'] });
      let stderr = '';
      child.stderr.setEncoding('utf8');
      child.stderr.on('data', (chunk) => (stderr += chunk));
      child.stdout.resume();
      child.on('close', (status) => resolve({ status, stderr }));
    });

  const clusterDir = mkdtempSync(join('/tmp', prefix));
  chmodSync(clusterDir, 0o700);
  if (asRoot) chownSync(clusterDir, owner, ownerGroup);
  const dataDir = join(clusterDir, 'data');
  const logFile = join(clusterDir, 'server.log');
  const port = await freePort();
  const password = randomBytes(18).toString('hex');
  const passwordFile = join(clusterDir, 'password');
  writeFileSync(passwordFile, `${password}\n`, { mode: 0o600 });
  if (asRoot) chownSync(passwordFile, owner, ownerGroup);

  const destroy = () => {
    // A frozen cluster (SIGSTOP) would not stop: let it run first.
    signalCluster(dataDir, 'SIGCONT');
    run('pg_ctl', ['-D', dataDir, '-m', 'immediate', '-w', 'stop']);
    rmSync(clusterDir, { recursive: true, force: true });
  };

  const init = run('initdb', [
    '-D',
    dataDir,
    '-U',
    'tradein',
    `--pwfile=${passwordFile}`,
    '--auth=scram-sha-256',
    '--encoding=UTF8',
    '--locale=C.UTF-8',
  ]);
  if (init.status !== 0) {
    destroy();
    throw new Error(`initdb failed:\n${init.stdout}${init.stderr}`);
  }

  const options = `-p ${port} -k ${clusterDir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200`;
  const start = async () => {
    const started = await runAsync('pg_ctl', [
      '-D',
      dataDir,
      '-l',
      logFile,
      '-w',
      '-o',
      options,
      'start',
    ]);
    if (started.status !== 0) {
      const log = existsSync(logFile) ? readFileSync(logFile, 'utf8').slice(-2000) : '';
      throw new Error(`PostgreSQL did not start:\n${started.stderr}${log}`);
    }
  };
  const stop = async () => {
    const stopped = await runAsync('pg_ctl', ['-D', dataDir, '-m', 'fast', '-w', 'stop']);
    if (stopped.status !== 0) throw new Error(`PostgreSQL did not stop: ${stopped.stderr}`);
  };
  const pid = () => postmasterPid(dataDir);
  const signalAll = (signal) => {
    if (!signalCluster(dataDir, signal)) throw new Error('PostgreSQL is not running');
  };

  try {
    await start();
  } catch (error) {
    destroy();
    throw error;
  }
  const version = spawnSync(join(binDir, 'postgres'), ['--version'], {
    encoding: 'utf8',
  }).stdout.split(' ')[2];
  return {
    url: `postgres://tradein:${password}@127.0.0.1:${port}/postgres`,
    port,
    version,
    binDir,
    dataDir,
    logFile,
    pid,
    stop,
    start,
    freeze: () => signalAll('SIGSTOP'),
    thaw: () => signalAll('SIGCONT'),
    destroy,
  };
}

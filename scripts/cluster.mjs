// `npm run cluster`: the reference cluster on this machine (docs/deployment.md). PostgreSQL,
// two API nodes and two shop nodes behind nginx on PORT (default 8080); prints where each part
// answers and stops everything on Ctrl-C or SIGTERM. A node that exits on its own is reported
// and the rest keep serving, as they would behind a real load balancer.
import { startCluster } from './cluster/start-cluster.mjs';

let cluster;
let stopping = false;
const shutdown = async (signal) => {
  if (stopping) return;
  stopping = true;
  console.log(`\n${signal}: stopping nginx, the nodes and PostgreSQL…`);
  // While starting, the cluster is stopped as soon as it is up (below).
  if (cluster === undefined) return;
  await cluster.stop();
  process.exit(0);
};
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

try {
  cluster = await startCluster({ host: process.env.HOST || '127.0.0.1' });
} catch (error) {
  console.error(`the cluster did not start: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
}
if (stopping) {
  await cluster.stop();
  process.exit(0);
}

const rows = [
  ['shop (nginx)', `http://localhost:${cluster.port}/`],
  ['back office (nginx)', `http://ops.localhost:${cluster.port}/`],
  ['API (nginx)', `http://localhost:${cluster.port}/api/health`],
  ['API for shop nodes (nginx)', `http://127.0.0.1:${cluster.internalPort}/api/`],
  ...cluster.nodes.map((node) => [
    `${node.name} (pid ${node.child.pid})`,
    `${node.origin}/${node.kind === 'api' ? 'api/health' : ''}`,
  ]),
  [`PostgreSQL ${cluster.postgres.version}`, `127.0.0.1:${cluster.postgres.port}`],
];
const width = Math.max(...rows.map(([name]) => name.length));
console.log(`\nThe cluster is running (PostgreSQL, ${cluster.nodes.length} nodes, nginx):\n`);
for (const [name, where] of rows) console.log(`  ${name.padEnd(width)}  ${where}`);
console.log(`
  DATABASE_URL=${cluster.databaseUrl}
  data folder (mail outbox in outbox/): ${cluster.dataDir}
  node logs: ${cluster.logDir}
  nginx configuration: ${cluster.nginx.configFile}

Operator commands against this database, e.g.:
  DATABASE_URL='${cluster.databaseUrl}' npm run ops -- help

Ctrl-C stops everything and removes the temporary folders.`);

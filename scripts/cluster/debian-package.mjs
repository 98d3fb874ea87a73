// Installs a Debian package the reference cluster needs (postgresql, nginx) when it is missing,
// as scripts/with-postgres.sh and scripts/setup.sh do: only as root, quietly, without the
// recommended extras.
import { execFileSync } from 'node:child_process';

/** Debian's package tool, by path: the cluster runs on Debian (as the project's setup does). */
const aptGet = '/usr/bin/apt-get';

/** Installs `name` from Debian; throws with the command to run when not root. */
export function installDebianPackage(name) {
  if (process.getuid?.() !== 0) {
    throw new Error(`${name} is missing: install it (apt-get install ${name}) or run as root`);
  }
  console.error(`installing ${name} from Debian`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync(aptGet, ['update', '-qq'], { stdio: 'inherit', env });
  execFileSync(aptGet, ['install', '-y', '-qq', '--no-install-recommends', name], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env,
  });
}

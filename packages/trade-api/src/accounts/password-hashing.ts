import { hash, verify, type Algorithm } from '@node-rs/argon2';

/**
 * argon2id with the OWASP minimum (19 MiB, 2 passes, 1 lane). `Algorithm` is an ambient const
 * enum, which isolated modules cannot read, so its value (Argon2id = 2) is written out.
 */
const argon2idOptions = {
  algorithm: 2 as Algorithm,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
};

/** Hashes a password with argon2id; the result is a PHC string (`$argon2id$v=19$m=19456,t=2,p=1$…`). */
export function hashPassword(password: string): Promise<string> {
  return hash(password, argon2idOptions);
}

/** A hash of a random password, verified against for unknown users so they take as long as known ones. */
let dummyHash: Promise<string> | undefined;

/**
 * Checks a password against a stored hash (argon2 compares in constant time). With no stored
 * hash (unknown user, guest) it verifies against a dummy hash and answers false, so the answer
 * takes as long either way and timing does not tell which addresses have accounts.
 */
export async function verifyPassword(
  storedHash: string | null,
  password: string,
): Promise<boolean> {
  if (storedHash === null) {
    dummyHash ??= hashPassword(`dummy-${Math.random()}-${Date.now()}`);
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  try {
    return await verify(storedHash, password);
  } catch {
    // A malformed stored hash verifies nothing.
    return false;
  }
}

/** Computes the dummy hash ahead of the first login, so the first unknown user is not slower. */
export async function preparePasswordHashing(): Promise<void> {
  await verifyPassword(null, 'warm-up');
}

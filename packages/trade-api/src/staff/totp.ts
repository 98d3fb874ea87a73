import { generateTOTP, getTOTPAuthUri, verifyTOTP } from '@epic-web/totp';

/*
 * The staff's second factor: TOTP as authenticator apps know it (SHA-1, 6 digits, 30 seconds),
 * through @epic-web/totp. A code is accepted one step either side of now, for clocks that drift.
 */

const totpOptions = { period: 30, digits: 6, algorithm: 'SHA-1' } as const;

/** The issuer authenticator apps show beside the account. */
const issuer = 'Trade-in back office';

/** A new secret for a person to enrol, with the otpauth URI a QR code carries. */
export interface TotpEnrolment {
  /** Base32, shown as text for typing into an app. */
  secret: string;
  otpauthUri: string;
}

/** A fresh secret and its otpauth URI for `email`. */
export async function newTotpEnrolment(email: string): Promise<TotpEnrolment> {
  const { secret } = await generateTOTP(totpOptions);
  return {
    secret,
    otpauthUri: getTOTPAuthUri({ ...totpOptions, secret, accountName: email, issuer }),
  };
}

/**
 * The time step (30-second slot since the epoch) whose code `code` is, when it is the secret's
 * code now or one step either side; undefined when it is not.
 */
export async function totpStepOf(secret: string, code: string): Promise<number | undefined> {
  try {
    // The library checks against the current time, so the step is read from the same clock.
    const nowStep = Math.floor(Date.now() / 1000 / totpOptions.period);
    const match = await verifyTOTP({ ...totpOptions, otp: code, secret, window: 1 });
    return match === null ? undefined : nowStep + match.delta;
  } catch {
    // A secret that is not base32 verifies nothing.
    return undefined;
  }
}

/** Whether `code` is the secret's code now (one step either side). */
export async function isTotpCodeValid(secret: string, code: string): Promise<boolean> {
  return (await totpStepOf(secret, code)) !== undefined;
}

/** The secret's code now: what an authenticator app shows (tests and the command line). */
export async function currentTotpCode(secret: string): Promise<string> {
  return (await generateTOTP({ ...totpOptions, secret })).otp;
}

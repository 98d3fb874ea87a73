import type { FastifyBaseLogger } from 'fastify';
import type { TradeApiConfig } from '../config/trade-api-config.ts';
import type { TradeDb } from '../db/create-database.ts';
import type { Mailer } from '../mail/mailer.ts';

/** The current time; injected so tests can move it (token expiry, throttling windows). */
export type Clock = () => Date;

/** Limits of login throttling and guest sessions; all counted in the database, across API nodes. */
export interface AccountLimits {
  /** Window in which failed logins count. */
  loginWindowMs: number;
  /** Failed logins per e-mail address in the window before 429. */
  failuresPerUsername: number;
  /** Failed logins per client address in the window before 429 (several people may share one). */
  failuresPerIp: number;
  /** Window in which guest sessions per client address count. */
  guestWindowMs: number;
  /** Guest sessions per client address in the window before 429. */
  guestSessionsPerIp: number;
  /** Password-reset mails per account in the window before further requests send nothing. */
  resetMailsPerAccount: number;
  /** Window of {@link AccountLimits.resetMailsPerAccount}. */
  resetMailWindowMs: number;
}

/** The defaults: 5 failed logins per address or 20 per client in 15 minutes, 30 guest sessions an hour. */
const defaultAccountLimits: AccountLimits = {
  loginWindowMs: 15 * 60_000,
  failuresPerUsername: 5,
  failuresPerIp: 20,
  guestWindowMs: 60 * 60_000,
  guestSessionsPerIp: 30,
  resetMailsPerAccount: 3,
  resetMailWindowMs: 60 * 60_000,
};

/** What the account and customer routes need. */
export interface AccountDeps {
  db: TradeDb;
  config: Pick<TradeApiConfig, 'jwtSecret' | 'publicOrigin'>;
  mailer: Mailer;
  /** Default: the system clock. */
  clock?: Clock;
  /** Default: {@link defaultAccountLimits}. */
  limits?: Partial<AccountLimits>;
}

/** The deps with defaults filled in. */
export interface ResolvedAccountDeps {
  db: TradeDb;
  config: Pick<TradeApiConfig, 'jwtSecret' | 'publicOrigin'>;
  mailer: Mailer;
  clock: Clock;
  limits: AccountLimits;
}

/** Fills in the defaults of {@link AccountDeps}. */
export function resolveAccountDeps(deps: AccountDeps): ResolvedAccountDeps {
  return {
    db: deps.db,
    config: deps.config,
    mailer: deps.mailer,
    clock: deps.clock ?? (() => new Date()),
    limits: { ...defaultAccountLimits, ...deps.limits },
  };
}

/** Where background work (mail) reports its failures. */
export type TaskLogger = Pick<FastifyBaseLogger, 'error'>;

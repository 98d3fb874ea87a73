import type { FastifyBaseLogger } from 'fastify';
import type { TradeApiConfig } from '../config/trade-api-config.ts';
import type { TradeDb } from '../db/create-database.ts';
import type { Mailer } from '../mail/mailer.ts';
import { dayMs } from '../time/day.ts';

/** The current time; injected so tests can move it (token expiry, throttling windows). */
export type Clock = () => Date;

/** Limits of login throttling and guest sessions; all counted in the database, across API nodes. */
export interface AccountLimits {
  /** Window in which failed logins per address and client, and per client, count. */
  loginWindowMs: number;
  /** Failed logins for one e-mail address from one client in the window before that pair gets 429. */
  failuresPerAddressAndClient: number;
  /** Failed logins per client address in the window before 429 (several people may share one). */
  failuresPerIp: number;
  /** Window in which failed logins per e-mail address from all clients count. */
  addressWindowMs: number;
  /** Failed logins per e-mail address from all clients in its window before the address is slowed. */
  failuresPerAddress: number;
  /** A slowed address takes one attempt per this interval from clients it does not know. */
  slowedAddressIntervalMs: number;
  /** How long a client stays known to an address after a login or password reset from it. */
  knownClientMs: number;
  /** Window in which guest sessions per client address count. */
  guestWindowMs: number;
  /** Guest sessions per client address in the window before 429. */
  guestSessionsPerIp: number;
  /** Password-reset mails per account in the window before further requests send nothing. */
  resetMailsPerAccount: number;
  /** Window of {@link AccountLimits.resetMailsPerAccount}. */
  resetMailWindowMs: number;
}

/**
 * The defaults: 5 failed logins per address and client or 20 per client in 15 minutes; 50 per
 * address an hour slow it to one attempt a minute from unknown clients; 30 guest sessions an hour.
 */
const defaultAccountLimits: AccountLimits = {
  loginWindowMs: 15 * 60_000,
  failuresPerAddressAndClient: 5,
  failuresPerIp: 20,
  addressWindowMs: 60 * 60_000,
  failuresPerAddress: 50,
  slowedAddressIntervalMs: 60_000,
  knownClientMs: 30 * dayMs,
  guestWindowMs: 60 * 60_000,
  guestSessionsPerIp: 30,
  resetMailsPerAccount: 3,
  resetMailWindowMs: 60 * 60_000,
};

/** What the account and customer routes need. */
export interface AccountDeps {
  db: TradeDb;
  config: Pick<TradeApiConfig, 'jwtSecret' | 'shopOrigins'>;
  mailer: Mailer;
  /** Default: the system clock. */
  clock?: Clock;
  /** Default: {@link defaultAccountLimits}. */
  limits?: Partial<AccountLimits>;
}

/** The deps with defaults filled in. */
export interface ResolvedAccountDeps {
  db: TradeDb;
  config: Pick<TradeApiConfig, 'jwtSecret' | 'shopOrigins'>;
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

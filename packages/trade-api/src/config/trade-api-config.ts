import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isAbsolute, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { deriveShopOrigins, type ShopOriginTable } from '@tradein/editions';
import * as z from 'zod/mini';
import { readS3Settings, type S3Settings } from '../blobs/s3-settings.ts';
import { originSchema } from './origin-schema.ts';
import { shopOriginOverridesSchema, withShopOriginOverrides } from './shop-origins.ts';
import { trustProxySchema, type TrustProxy } from './trust-proxy.ts';
import type { SharedSettingsGiven } from '../server/cluster-check.ts';

/** How the server behaves: `production` skips answer validation and logs at `info`. */
export type TradeApiEnvironment = 'production' | 'development' | 'test';

/** The server configuration, read once at start. */
export interface TradeApiConfig {
  environment: TradeApiEnvironment;
  /** PostgreSQL connection string; when unset the server uses SQLite in `sqliteFile`. */
  databaseUrl: string | undefined;
  /** Folder for the SQLite file, the JWT secret, the mail outbox and inspection photos. */
  dataDir: string;
  sqliteFile: string;
  /** Secret that signs access tokens (HS256), at least 32 bytes. */
  jwtSecret: string;
  /** `smtp://…` or `smtps://…`; when unset, mail is written to `<dataDir>/outbox`. */
  smtpUrl: string | undefined;
  /** Origins of partner sites allowed to call the API from the browser. */
  corsOrigins: string[];
  /** The shop's own origin, e.g. `http://localhost:8080`; always allowed by CORS. */
  publicOrigin: string;
  /**
   * Whether `JWT_SECRET` and `PUBLIC_ORIGIN` were set rather than defaulted: a node on
   * PostgreSQL needs both (`cluster-check.ts`). Absent, both count as set.
   */
  sharedSettingsGiven?: SharedSettingsGiven;
  /**
   * The shop of every edition and mode, which mail links of a trade, account or subscription
   * start with: derived from `publicOrigin` and the editions' host rules, `SHOP_ORIGINS` wins.
   */
  shopOrigins: ShopOriginTable;
  /** Largest request body, in bytes. */
  bodyLimitBytes: number;
  /**
   * Offers one client may create per minute (`POST /api/trade/offers`); `OFFER_RATE_LIMIT`,
   * default {@link defaultOfferRateLimit}. Load tests raise it for their single client.
   */
  offerRateLimit: number;
  /**
   * Standalone server: the proxies whose `X-Forwarded-*` headers name the client (`TRUST_PROXY`);
   * absent or `false`, none: the client is the address the request came from.
   */
  trustProxy?: TrustProxy;
  /** Standalone server: where to listen. */
  host: string;
  port: number;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /**
   * The S3 bucket of the shared file store (`S3_*` settings, docs/files.md); undefined when none
   * is given: the files are then in PostgreSQL, or in the data folder on SQLite.
   */
  s3?: S3Settings | undefined;
}

/** The repository root, three folders above this package's `src/config`. */
const repositoryRoot = resolve(fileURLToPath(new URL('../../../../', import.meta.url)));

/**
 * Offers one client address may create per minute. A seller prices a device after answering its
 * questions, about one offer a minute; 30 leave room for several people behind one address (an
 * office, a mobile network) and stop a script from filling the offers table (docs/trades.md).
 */
export const defaultOfferRateLimit = 30;

/** Shortest accepted JWT secret, in characters. */
const minimumSecretLength = 32;

const optionalText = z.optional(z.string());

/** The environment variables the server reads, each checked. Empty strings count as unset. */
const environmentSchema = z.object({
  NODE_ENV: z.optional(z.enum(['production', 'development', 'test'])),
  DATABASE_URL: z.optional(
    z.string().check(z.regex(/^postgres(?:ql)?:\/\/\S+$/, 'must be a postgres:// URL')),
  ),
  DATA_DIR: optionalText,
  JWT_SECRET: z.optional(
    z
      .string()
      .check(
        z.minLength(minimumSecretLength, `must be at least ${minimumSecretLength} characters`),
      ),
  ),
  SMTP_URL: z.optional(
    z.string().check(z.regex(/^smtps?:\/\/\S+$/, 'must be an smtp:// or smtps:// URL')),
  ),
  CORS_ORIGINS: z.optional(z.array(originSchema)),
  PUBLIC_ORIGIN: z.optional(originSchema),
  SHOP_ORIGINS: z.optional(shopOriginOverridesSchema),
  BODY_LIMIT_BYTES: z.optional(
    z.coerce
      .number()
      .check(
        z.int('must be a whole number'),
        z.minimum(1024, 'must be at least 1024'),
        z.maximum(10_485_760, 'must be at most 10485760'),
      ),
  ),
  OFFER_RATE_LIMIT: z.optional(
    z.coerce
      .number()
      .check(
        z.int('must be a whole number'),
        z.minimum(1, 'must be at least 1'),
        z.maximum(1_000_000_000, 'must be at most 1000000000'),
      ),
  ),
  TRUST_PROXY: z.optional(trustProxySchema),
  HOST: optionalText,
  PORT: z.optional(
    z.coerce
      .number()
      .check(
        z.int('must be a whole number'),
        z.minimum(0, 'must be a port number'),
        z.maximum(65_535, 'must be a port number'),
      ),
  ),
  LOG_LEVEL: z.optional(z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])),
});

/** Reads the JWT secret from `<dataDir>/jwt-secret`, creating it with a random value first. */
function persistedJwtSecret(dataDir: string): string {
  const file = join(dataDir, 'jwt-secret');
  if (existsSync(file)) {
    const stored = readFileSync(file, 'utf8').trim();
    if (stored.length < minimumSecretLength) {
      throw new Error(
        `Invalid trade API configuration:\n- ${file}: must hold at least ${minimumSecretLength} characters (delete it to generate a new one)`,
      );
    }
    return stored;
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  // `wx` fails if another process created it meanwhile; then its secret wins.
  try {
    writeFileSync(file, `${secret}\n`, { flag: 'wx', mode: 0o600 });
    chmodSync(file, 0o600);
    return secret;
  } catch {
    return readFileSync(file, 'utf8').trim();
  }
}

/**
 * Reads the server configuration from environment variables and fails with a list of every
 * wrong value. `DATA_DIR` defaults to `<repository>/data`; without `JWT_SECRET` a random secret
 * is generated once and kept in `<DATA_DIR>/jwt-secret`, so tokens survive restarts.
 */
export function readTradeApiConfig(
  environment: Readonly<Record<string, string | undefined>> = process.env,
): TradeApiConfig {
  const present = Object.fromEntries(
    Object.entries(environment).filter(([, value]) => value !== undefined && value.trim() !== ''),
  );
  const input = {
    ...present,
    CORS_ORIGINS:
      present['CORS_ORIGINS'] === undefined
        ? undefined
        : present['CORS_ORIGINS']
            .split(',')
            .map((origin) => origin.trim())
            .filter((origin) => origin !== ''),
  };
  const parsed = environmentSchema.safeParse(input);
  // The S3 settings are one group (all or none); their problems are listed with the others.
  const s3 = readS3Settings(present);
  if (!parsed.success || s3.problems.length > 0) {
    const lines = [
      ...(parsed.error?.issues ?? []).map(
        (issue) => `- ${issue.path.map(String).join('.')}: ${issue.message}`,
      ),
      ...s3.problems,
    ];
    throw new Error(`Invalid trade API configuration:\n${lines.join('\n')}`);
  }
  const values = parsed.data;
  const dataDir =
    values.DATA_DIR === undefined
      ? join(repositoryRoot, 'data')
      : isAbsolute(values.DATA_DIR)
        ? values.DATA_DIR
        : resolve(values.DATA_DIR);
  const port = values.PORT ?? 8080;
  const publicOrigin = values.PUBLIC_ORIGIN ?? `http://localhost:${port}`;
  const nodeEnvironment = values.NODE_ENV ?? 'development';
  return {
    environment: nodeEnvironment,
    databaseUrl: values.DATABASE_URL,
    dataDir,
    sqliteFile: join(dataDir, 'trade.sqlite'),
    jwtSecret: values.JWT_SECRET ?? persistedJwtSecret(dataDir),
    smtpUrl: values.SMTP_URL,
    corsOrigins: values.CORS_ORIGINS ?? [],
    publicOrigin,
    sharedSettingsGiven: {
      jwtSecret: values.JWT_SECRET !== undefined,
      publicOrigin: values.PUBLIC_ORIGIN !== undefined,
    },
    shopOrigins: withShopOriginOverrides(deriveShopOrigins(publicOrigin), values.SHOP_ORIGINS),
    bodyLimitBytes: values.BODY_LIMIT_BYTES ?? 65_536,
    offerRateLimit: values.OFFER_RATE_LIMIT ?? defaultOfferRateLimit,
    trustProxy: values.TRUST_PROXY ?? false,
    host: values.HOST ?? '127.0.0.1',
    port,
    logLevel: values.LOG_LEVEL ?? (nodeEnvironment === 'test' ? 'silent' : 'info'),
    s3: s3.settings,
  };
}

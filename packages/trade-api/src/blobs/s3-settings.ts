import * as z from 'zod/mini';

/** Where the shared store's bucket is and how to sign in to it (`S3_*` settings). */
export interface S3Settings {
  /** An S3-compatible server's address (`https://…`); absent for Amazon S3 itself. */
  endpoint: string | undefined;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Address the bucket in the path (`https://host/bucket/key`), as most S3-compatible servers want. */
  forcePathStyle: boolean;
}

/** The settings of the group; all but the endpoint and the path style are needed once one is set. */
const s3SettingNames = [
  'S3_ENDPOINT',
  'S3_BUCKET',
  'S3_REGION',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
  'S3_FORCE_PATH_STYLE',
] as const;

const requiredNames = [
  'S3_BUCKET',
  'S3_REGION',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
] as const;

const needed = (name: string) => `is required when other S3_ settings are given (${name})`;

/** The `S3_*` environment variables, each checked; empty strings were dropped before. */
const s3EnvironmentSchema = z.object({
  S3_ENDPOINT: z.optional(
    z
      .string()
      .check(z.regex(/^https?:\/\/[^\s/]+(?:\/\S*)?$/, 'must be an http:// or https:// URL')),
  ),
  S3_BUCKET: z.optional(
    z
      .string()
      .check(
        z.regex(
          /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
          'must be a bucket name: 3 to 63 lower-case letters, digits, dots and hyphens',
        ),
      ),
  ),
  S3_REGION: z.optional(
    z.string().check(z.regex(/^[a-z0-9-]+$/, 'must be a region name such as eu-central-1')),
  ),
  S3_ACCESS_KEY_ID: z.optional(z.string()),
  S3_SECRET_ACCESS_KEY: z.optional(z.string()),
  S3_FORCE_PATH_STYLE: z.optional(z.enum(['true', 'false'], 'must be true or false')),
});

/** What {@link readS3Settings} found: the settings (undefined when none is given) or problems. */
export type S3SettingsReading =
  { settings: S3Settings | undefined; problems: [] } | { settings: undefined; problems: string[] };

/**
 * Reads the `S3_*` group from the (non-empty) environment values: no setting at all means no
 * S3; once any is given, bucket, region and both keys must be too, so a half-configured store
 * is refused at start instead of failing with the first upload. Problems are lines like
 * `- S3_BUCKET: is required …`, in the form of the other configuration errors.
 */
export function readS3Settings(
  present: Readonly<Record<string, string | undefined>>,
): S3SettingsReading {
  const given = s3SettingNames.filter((name) => present[name] !== undefined);
  if (given.length === 0) return { settings: undefined, problems: [] };
  const parsed = s3EnvironmentSchema.safeParse(
    Object.fromEntries(given.map((name) => [name, present[name]])),
  );
  const problems: string[] = parsed.success
    ? []
    : parsed.error.issues.map((issue) => `- ${issue.path.map(String).join('.')}: ${issue.message}`);
  for (const name of requiredNames) {
    if (present[name] === undefined) problems.push(`- ${name}: ${needed(given.join(', '))}`);
  }
  if (!parsed.success || problems.length > 0) return { settings: undefined, problems };
  const values = parsed.data;
  return {
    settings: {
      endpoint: values.S3_ENDPOINT,
      bucket: values.S3_BUCKET ?? '',
      region: values.S3_REGION ?? '',
      accessKeyId: values.S3_ACCESS_KEY_ID ?? '',
      secretAccessKey: values.S3_SECRET_ACCESS_KEY ?? '',
      forcePathStyle: values.S3_FORCE_PATH_STYLE === 'true',
    },
    problems: [],
  };
}

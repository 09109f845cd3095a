import { z } from "zod";

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  /** postgres://… to use a PostgreSQL server; unset for the embedded PGlite database. */
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "DATABASE_URL must start with postgres://")
    .optional(),
  /** Where PGlite keeps its files and where uploaded media live; "memory://" for tests. */
  DATA_DIR: z.string().default("./data"),
  /** Where photos are stored; defaults to <DATA_DIR>/media (or a temp dir for memory://). */
  MEDIA_DIR: z.string().optional(),
  /** The drizzle-kit migrations folder, applied at start. */
  MIGRATIONS_DIR: z.string().default("./drizzle"),
  /** smtp://user:pass@host:port or smtps://… to send e-mail; unset keeps mail in the outbox. */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, "SMTP_URL must start with smtp:// or smtps://")
    .optional(),
  /** An S3-compatible bucket for photos instead of MEDIA_DIR (design §8: several app nodes). */
  S3_BUCKET: z.string().optional(),
  S3_ENDPOINT: z.url().default("https://s3.amazonaws.com"),
  S3_REGION: z.string().default("us-east-1"),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  /** New accounts per IP address per hour (the signupIp rate-limit policy). */
  SIGNUP_IP_LIMIT: z.coerce.number().int().min(1).default(10),
  /** Pool size for the pg driver. */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
});

export type Env = z.infer<typeof envSchema>;

let cached: Env | undefined;

/** Reads and validates the environment once; a bad value stops the process with a clear message. */
export function getEnv(): Env {
  if (cached) return cached;
  const parsed = envSchema.safeParse(process.env);
  if (!parsed.success) {
    throw new Error(`Invalid environment: ${z.prettifyError(parsed.error)}`);
  }
  cached = parsed.data;
  return cached;
}

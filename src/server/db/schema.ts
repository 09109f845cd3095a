// The schema index drizzle-kit reads; each table lives in its feature folder (design §3).
export * from "../auth/schema";
export * from "../lib/idempotency-schema";
export * from "../photos/schema";
export * from "../profiles/schema";
export * from "../sites/schema";
export * from "../users/schema";

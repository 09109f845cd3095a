// The schema index drizzle-kit reads; each table lives in its feature folder (design §3), except
// photos, declared beside profiles (see profiles/schema.ts).
export * from "../auth/schema";
export * from "../auth/tokens-schema";
export * from "../blocks/schema";
export * from "../chat/schema";
export * from "../content/schema";
export * from "../credits/schema";
export * from "../discovery/schema";
export * from "../events/schema";
export * from "../gifts/schema";
export * from "../jobs/schema";
export * from "../lib/mail-schema";
export * from "../lib/push-schema";
export * from "../lib/rate-limit-schema";
export * from "../lib/sms-schema";
export * from "../likes/schema";
export * from "../moderation/schema";
export * from "../payments/schema";
export * from "../photos/media-key-schema";
export * from "../profiles/schema";
export * from "../push/schema";
export * from "../reports/schema";
export * from "../request/idempotency-schema";
export * from "../sites/schema";
export * from "../staff/schema";
export * from "../users/schema";

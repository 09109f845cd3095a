import { z } from "@hono/zod-openapi";

// The request bodies are in the contract (src/contract/auth.ts), beside their answers.

export const activationQuery = z.object({ token: z.string().min(10).max(100) });

/** `npm run db:migrate`: applies the drizzle/ migrations and syncs the site registry, then exits. */
import { closeDb, getConnection } from "../src/server/db/client";

const { engine } = await getConnection();
console.log(`Migrations applied (${engine}).`);
await closeDb();

/** `npm run db:migrate`: applies the drizzle/ migrations and syncs the site registry, then exits. */
import { closeDb, getConnection } from "../src/server/db/client";
import { exitIfDataDirLocked } from "../src/server/db/data-dir-lock";

const { engine } = await exitIfDataDirLocked(getConnection);
console.log(`Migrations applied (${engine}).`);
await closeDb();

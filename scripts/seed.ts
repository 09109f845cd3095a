/**
 * `npm run seed [-- --members N]`: adds N members (default 320) to the database. Above 1 000
 * members the photos come from a shared pool of generated portraits (for benchmarks).
 */
import { parseArgs } from "node:util";
import { eq } from "drizzle-orm";
import { closeDb } from "../src/server/db/client";
import { exitIfDataDirLocked } from "../src/server/db/data-dir-lock";
import { DEMO_LOGINS, seedDemoLogins, seedMembers } from "../src/server/db/seed";
import { getStorage } from "../src/server/lib/storage";
import { getReadyDb } from "../src/server/startup";
import { users } from "../src/server/users/schema";

const { values } = parseArgs({
  options: { members: { type: "string", default: "320" } },
});
const members = Number(values.members);
if (!Number.isInteger(members) || members < 0) {
  console.error("--members must be a whole number");
  process.exit(2);
}

const db = await exitIfDataDirLocked(getReadyDb);
const storage = getStorage();
const [demo] = await db
  .select({ id: users.id })
  .from(users)
  .where(eq(users.email, DEMO_LOGINS[0].email));
if (!demo) await seedDemoLogins(db, storage);
const started = Date.now();
await seedMembers(db, storage, {
  members,
  uniquePhotos: members <= 1000,
  log: (message) => console.log(message),
});
console.log(`Seeded ${members} members in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
await closeDb();

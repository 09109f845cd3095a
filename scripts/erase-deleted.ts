/** `npm run erase-deleted`: erases accounts pending deletion for more than 14 days (spec §1). */
import { closeDb } from "../src/server/db/client";
import { getReadyDb } from "../src/server/startup";
import { eraseExpiredAccounts } from "../src/server/users/deletion";

const db = await getReadyDb();
const erased = await eraseExpiredAccounts(db);
console.log(`Erased ${erased} account(s) pending deletion for more than 14 days.`);
await closeDb();

import { closeDb } from "../server/db/client";
import { loadRegionCatalogue } from "../server/geo/regions";
import { getReadyDb } from "../server/startup";

/*
 * Run once per test run by src/test/global-setup.ts, in a process of its own, on the database
 * it is given (DATA_DIR or DATABASE_URL): the migrations and the start-up work the app does on
 * a database, through the app's own code, so the test files start from a copy of the result.
 * The region catalogue is read once here too, so the files find it cached (geo/data-cache.ts)
 * instead of each reading the data package.
 */
await Promise.all([getReadyDb(), loadRegionCatalogue()]);
await closeDb();

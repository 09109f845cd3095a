import { createApp } from "./app";

/** The one app instance of this process; Astro's endpoints hand /api and /media requests to it. */
export const app = createApp();

import type { APIRoute } from "astro";
import { app } from "../../server";

export const prerender = false;

/** Every /api request goes to the Hono app (see ARCHITECTURE.md, "Hono inside Astro"). */
export const ALL: APIRoute = ({ request, clientAddress }) => app.fetch(request, { clientAddress });

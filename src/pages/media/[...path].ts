import type { APIRoute } from "astro";
import { app } from "../../server";

export const prerender = false;

export const GET: APIRoute = ({ request, clientAddress }) => app.fetch(request, { clientAddress });

import { z } from "zod";
import { STAFF_ROLES } from "../../contract/staff-options";
import { locales } from "../../i18n/locales";

/*
 * The commands of `npm run staff` (decision 0010), checked before any database is opened or
 * server asked: this module is all the command line loads to refuse one.
 */

/** A refusal of a staff command, told to the person at the command line as it is. */
export class StaffCommandError extends Error {
  override name = "StaffCommandError";
}

/** What `npm run staff` can ask, from its own process or through the server's socket. */
export const staffCommand = z.discriminatedUnion("command", [
  z.object({
    command: z.literal("add"),
    email: z.email().max(254),
    role: z.enum(STAFF_ROLES),
    /** Staff passwords guard members' private data: 12 characters at least. */
    password: z.string().min(12).max(128),
    language: z.enum(locales).default("en"),
  }),
  z.object({ command: z.literal("list") }),
  z.object({ command: z.literal("disable"), email: z.email().max(254) }),
  /**
   * issue 28: the member languages an inbox agent answers in and the sites they work; an empty
   * list (or none given) means the console's language, or every site.
   */
  z.object({
    command: z.literal("inbox"),
    email: z.email().max(254),
    languages: z.array(z.enum(locales)).max(locales.length).default([]),
    sites: z
      .array(z.string().regex(/^[a-z0-9-]{1,40}$/))
      .max(50)
      .default([]),
  }),
]);
export type StaffCommand = z.input<typeof staffCommand>;

/** A command checked, or a StaffCommandError naming what is wrong with it. */
export function parseStaffCommand(input: unknown): z.output<typeof staffCommand> {
  const parsed = staffCommand.safeParse(input);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  throw new StaffCommandError(
    `invalid ${issue?.path.join(".") || "command"}: ${issue?.message ?? "unknown"}`,
  );
}

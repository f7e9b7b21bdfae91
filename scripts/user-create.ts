// npm run user:create -- --email E --password P --role admin|editor|user [--name N] [--update]
// Creates a verified user in the configured database: the documented way to make the
// first admin. With --update an existing user gets the new password and role instead.
import { parseArgs } from "node:util";
import { z } from "zod";
import { loadConfig, setConfig } from "#app/platform/config/config.server.ts";
import { registerDatabase } from "#app/platform/db/db.server.ts";
import { passwordSchema } from "#app/modules/auth/password-policy.ts";
import { createUser, EmailTakenError, findUserByEmail, markEmailVerified, setPassword, setRole } from "#app/modules/auth/users.server.ts";
import { openDatabase } from "#db/connection.ts";
import { migrateToLatest } from "#db/migrate.ts";
import { USER_ROLES } from "#db/schema.ts";

const USAGE = "Usage: npm run user:create -- --email E --password P --role admin|editor|user [--name N] [--update]";

const argsSchema = z.object({
  email: z.email("--email must be an email address"),
  password: passwordSchema,
  role: z.enum(USER_ROLES, `--role must be one of ${USER_ROLES.join(", ")}`),
  name: z.string().max(100).optional(),
  update: z.boolean().optional(),
});

// The password rules speak in translation keys; the CLI speaks English.
const PASSWORD_MESSAGES: Record<string, string> = {
  "auth:errors.password_required": "--password is required",
  "auth:errors.password_too_short": "--password needs at least 8 characters",
  "auth:errors.password_too_long": "--password may have at most 128 characters",
  "auth:errors.password_too_simple": "--password must mix letters with digits or symbols",
};

async function main(): Promise<number> {
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({
      options: {
        email: { type: "string" },
        password: { type: "string" },
        role: { type: "string", default: "user" },
        name: { type: "string" },
        update: { type: "boolean" },
      },
    }));
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  const parsed = argsSchema.safeParse(values);
  if (!parsed.success) {
    const message = parsed.error.issues[0]!.message;
    console.error(`${PASSWORD_MESSAGES[message] ?? message}\n${USAGE}`);
    return 2;
  }
  const { email, password, role, name, update } = parsed.data;

  const config = loadConfig();
  setConfig(config);
  const database = await openDatabase(config);
  registerDatabase(database);
  try {
    await migrateToLatest(database.db);
    try {
      const user = await createUser({ email, password, role, name, verified: true });
      console.log(`Created ${user.role} ${user.email} (id ${user.id}), email verified.`);
    } catch (error) {
      if (!(error instanceof EmailTakenError)) throw error;
      const existing = await findUserByEmail(email);
      if (!update || !existing) {
        console.error(`A user with the email ${email} already exists. Add --update to set its password and role.`);
        return 1;
      }
      await setPassword(existing.id, password);
      await setRole(existing.id, role);
      await markEmailVerified(existing.id);
      console.log(`Updated ${email} (id ${existing.id}): role ${role}, new password, email verified.`);
    }
    return 0;
  } finally {
    registerDatabase(undefined);
    await database.close();
  }
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  },
);

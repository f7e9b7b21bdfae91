import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import type { User } from "#db/schema.ts";
import { verifyCredentials } from "./users.server.ts";

export class InvalidCredentialsError extends Error {
  constructor() {
    super("Wrong email or password");
  }
}

/**
 * remix-auth with the form strategy: `authenticate("form", request)` reads `email` and
 * `password` from the posted form and returns the user, or throws InvalidCredentialsError.
 * remix-auth 4 keeps no session: sign-in.server.ts starts the database session.
 */
export const authenticator = new Authenticator<User>().use(
  new FormStrategy(async ({ form }) => {
    const email = form.get("email");
    const password = form.get("password");
    if (typeof email !== "string" || typeof password !== "string" || !email || !password) throw new InvalidCredentialsError();
    const user = await verifyCredentials(email, password);
    if (!user) throw new InvalidCredentialsError();
    return user;
  }),
  "form",
);

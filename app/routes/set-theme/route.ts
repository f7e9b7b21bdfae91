import { redirect } from "react-router";
import type { Route } from "./+types/route";
import { readForm } from "#app/platform/http/body.server.ts";
import { serializeThemeCookie } from "#app/platform/http/cookies.server.ts";
import { safeRedirectPath } from "#app/platform/http/safe-redirect.ts";
import { methodNotAllowed } from "#app/platform/http/errors.ts";

/** The theme toggle is a form post, so it works without JS; the server then renders the class. */
export async function action({ request }: Route.ActionArgs) {
  const form = await readForm(request);
  const theme = form.get("theme") === "dark" ? "dark" : "light";
  return redirect(safeRedirectPath(form.get("returnTo")), { headers: { "Set-Cookie": serializeThemeCookie(theme) } });
}

export function loader() {
  methodNotAllowed("POST");
}

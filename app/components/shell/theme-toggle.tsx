import { Moon, Sun } from "lucide-react";
import { Form, useLocation } from "react-router";
import { useT } from "#app/hooks/use-t.ts";

/** The header's light/dark switch: a form post to /set-theme that comes back to the page. */
export function ThemeToggle({ theme }: { theme: "light" | "dark" }) {
  const { t } = useT();
  const { pathname, search } = useLocation();
  const next = theme === "dark" ? "light" : "dark";
  const Icon = next === "dark" ? Moon : Sun;
  return (
    <Form method="post" action="/set-theme" className="theme-toggle" preventScrollReset>
      <input type="hidden" name="theme" value={next} />
      <input type="hidden" name="returnTo" value={pathname + search} />
      <button type="submit" className="icon-button" aria-label={t(next === "dark" ? "theme.to_dark" : "theme.to_light")}>
        <Icon aria-hidden="true" size={20} />
      </button>
    </Form>
  );
}

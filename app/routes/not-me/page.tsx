import type { Route } from "./+types/route";
import { useSecurityT } from "#app/components/account/use-security-t.ts";
import { MailedLinkPage } from "#app/components/account/mailed-link-page.tsx";

export default function NotMe({ loaderData, actionData }: Pick<Route.ComponentProps, "loaderData" | "actionData">) {
  const { t } = useSecurityT();
  return (
    <MailedLinkPage
      token={actionData?.invalid ? null : loaderData.token}
      button={{ title: t("security:not_me.title"), lead: t("security:not_me.lead"), submit: t("security:not_me.submit"), danger: true }}
      spent={{
        title: t("security:not_me.invalid_title"),
        text: t("security:not_me.invalid"),
        to: "/login#forgot-password",
        label: t("auth:verify.invalid_reset_hint"),
      }}
    />
  );
}

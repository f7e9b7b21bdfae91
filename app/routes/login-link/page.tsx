import type { Route } from "./+types/route";
import { useSecurityT } from "#app/components/account/use-security-t.ts";
import { MailedLinkPage } from "#app/components/account/mailed-link-page.tsx";

export default function LoginLink({ loaderData, actionData }: Pick<Route.ComponentProps, "loaderData" | "actionData">) {
  const { t } = useSecurityT();
  return (
    <MailedLinkPage
      token={actionData?.invalid ? null : loaderData.token}
      button={{ title: t("security:link.page_title"), lead: t("security:link.page_lead"), submit: t("security:link.page_submit") }}
      spent={{
        title: t("security:link.invalid_title"),
        text: t("security:link.invalid"),
        to: "/login#sign-in-link",
        label: t("security:link.ask_again"),
      }}
    />
  );
}

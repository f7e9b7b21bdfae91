import type { Route } from "./+types/route";
import { useSecurityT } from "#app/components/account/use-security-t.ts";
import { MailedLinkPage } from "#app/components/account/mailed-link-page.tsx";

export default function ChangeEmail({ loaderData, actionData }: Pick<Route.ComponentProps, "loaderData" | "actionData">) {
  const { t } = useSecurityT();
  if (actionData?.outcome === "taken") {
    return (
      <MailedLinkPage
        token={null}
        button={{ title: "", lead: "", submit: "" }}
        spent={{
          title: t("security:email_change.taken_title"),
          text: t("security:email_change.taken", { email: actionData.email ?? loaderData.email ?? "" }),
          to: "/cabinet#email-change",
          label: t("security:email_change.open_cabinet"),
        }}
      />
    );
  }
  return (
    <MailedLinkPage
      token={actionData?.outcome === "invalid" ? null : loaderData.token}
      button={{
        title: t("security:email_change.page_title"),
        lead: t("security:email_change.page_lead", { email: loaderData.email ?? "" }),
        submit: t("security:email_change.page_submit"),
      }}
      spent={{
        title: t("security:email_change.invalid_title"),
        text: t("security:email_change.invalid"),
        to: "/cabinet#email-change",
        label: t("security:email_change.open_cabinet"),
      }}
    />
  );
}

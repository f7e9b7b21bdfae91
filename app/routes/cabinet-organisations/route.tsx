import type { Route } from "./+types/route";
import { IntentButton } from "#app/components/forms/intent-button.tsx";
import { LocalizedLink } from "#app/components/localized-link.tsx";
import { useOrganisationsT } from "#app/components/organisations/use-organisations-t.ts";
import { localeFromPath, localizePath } from "#app/i18n/locales.ts";
import { getPageLanguage } from "#app/i18n/request.server.ts";
import { requireUser } from "#app/modules/auth/guards.server.ts";
import { answerInvitation, myOrganisations } from "#app/modules/organisations/members.server.ts";
import { invitationAnswerSchema } from "#app/modules/organisations/schemas.ts";
import { organisationsT } from "#app/modules/organisations/translate.server.ts";
import { readForm } from "#app/platform/http/body.server.ts";
import { badRequest, notFound } from "#app/platform/http/errors.ts";
import { redirectWithFlash } from "#app/platform/http/flash.server.ts";
import { pageMeta } from "#app/platform/seo/meta.ts";

// /cabinet/organisations: the user's organisations and the invitations waiting for an answer.

export const meta: Route.MetaFunction = (args) => [...pageMeta(args), { name: "robots", content: "noindex" }];

export async function loader({ context, url }: Route.LoaderArgs) {
  const user = requireUser({ context, url });
  const t = organisationsT(context);
  return {
    ...(await myOrganisations(user.id, getPageLanguage(context))),
    seo: { title: t("list.title"), description: t("list.seo_description") },
  };
}

export { headers } from "#app/platform/http/route-headers.ts";

export async function action({ request, context, url }: Route.ActionArgs) {
  const user = requireUser({ context, url });
  const parsed = invitationAnswerSchema.safeParse(Object.fromEntries(await readForm(request)));
  if (!parsed.success) badRequest();
  const { intent, organisationId } = parsed.data;
  if (!(await answerInvitation(user.id, organisationId, intent === "accept"))) notFound();
  const locale = localeFromPath(url.pathname);
  return intent === "accept"
    ? redirectWithFlash(localizePath(`/cabinet/organisations/${organisationId}`, locale), {
        severity: "success",
        message: "organisations:flash.accepted",
      })
    : redirectWithFlash(localizePath("/cabinet/organisations", locale), { severity: "info", message: "organisations:flash.declined" });
}

export default function CabinetOrganisations({ loaderData }: Route.ComponentProps) {
  const { t } = useOrganisationsT();
  const { organisations, invitations } = loaderData;
  return (
    <section aria-labelledby="organisations-title" className="org-page">
      <h1 id="organisations-title">{t("organisations:list.title")}</h1>
      <p className="field__hint">{t("organisations:list.lead")}</p>
      {invitations.length ? (
        <section className="panel" aria-labelledby="invitations-title">
          <h2 id="invitations-title">{t("organisations:list.invitations")}</h2>
          <ul className="org-list">
            {invitations.map((invitation) => {
              const role = t(`organisations:roles.${invitation.role}`);
              const titleId = `invitation-${invitation.id}`;
              return (
                <li key={invitation.id} className="org-list__item">
                  <p id={titleId}>
                    <strong lang={invitation.name.lang}>{invitation.name.text}</strong>
                    <br />
                    <span className="field__hint">
                      {invitation.invitedBy
                        ? t("organisations:list.invited_by", { name: invitation.invitedBy, role })
                        : t("organisations:list.invited_as", { role })}
                    </span>
                  </p>
                  <div className="org-list__actions">
                    <IntentButton intent="accept" fields={{ organisationId: invitation.id }} ariaDescribedBy={titleId}>
                      {t("organisations:list.accept")}
                    </IntentButton>
                    <IntentButton
                      intent="decline"
                      fields={{ organisationId: invitation.id }}
                      buttonClassName="button button--secondary"
                      ariaDescribedBy={titleId}
                    >
                      {t("organisations:list.decline")}
                    </IntentButton>
                  </div>
                </li>
              );
            })}
          </ul>
        </section>
      ) : null}
      {organisations.length ? (
        <ul className="org-list">
          {organisations.map((organisation) => (
            <li key={organisation.id} className="panel org-list__item">
              <p>
                <LocalizedLink to={`/cabinet/organisations/${organisation.id}`} lang={organisation.name.lang}>
                  <strong>{organisation.name.text}</strong>
                </LocalizedLink>
                <br />
                <span className="field__hint">
                  {t(`organisations:roles.${organisation.role}`)}
                  {organisation.trusted ? ` · ${t("organisations:list.trusted")}` : null}
                </span>
              </p>
            </li>
          ))}
        </ul>
      ) : (
        <p className="notice">{t("organisations:list.empty")}</p>
      )}
    </section>
  );
}

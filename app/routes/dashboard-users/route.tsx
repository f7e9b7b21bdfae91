import { Form } from "react-router";
import type { Route } from "./+types/route";
import { StackedTable } from "#app/components/dashboard/stacked-table.tsx";
import { readForm } from "#app/platform/http/body.server.ts";
import { dashboardLinks } from "#app/components/dashboard/links.ts";
import { Pagination } from "#app/components/dashboard/pagination.tsx";
import { SearchFilters } from "#app/components/dashboard/list-filters.tsx";
import { tKey, useAdminT } from "#app/components/dashboard/use-admin-t.ts";
import { FilterSelect } from "#app/components/filter-select.tsx";
import { BackLink } from "#app/components/dashboard/back-link.tsx";
import { localeFromPath, localizePath } from "#app/i18n/locales.ts";
import { getPageLanguage } from "#app/i18n/request.server.ts";
import { requirePermission } from "#app/modules/auth/guards.server.ts";
import { redirectWithFlash } from "#app/platform/http/flash.server.ts";
import { formatDate } from "#app/platform/format/dates.ts";
import { pageMeta } from "#app/platform/seo/meta.ts";
import { adminT } from "#app/modules/staff-content/route-access.server.ts";
import { userBlockSchema, userRoleSchema } from "#app/modules/users-admin/schemas.ts";
import { changeRole, listUsers, setBlocked } from "#app/modules/users-admin/users.server.ts";
import { USER_ROLES } from "#db/schema.ts";
import { parseId } from "#app/platform/http/ids.ts";
import { parseQuery, queryEnum, queryPage, queryText } from "#app/platform/http/query.ts";
import { badRequest, invariantResponse } from "#app/platform/http/errors.ts";
import { IntentButton } from "#app/components/forms/intent-button.tsx";

export const links: Route.LinksFunction = dashboardLinks;
export const meta: Route.MetaFunction = (args) => [...pageMeta(args), { name: "robots", content: "noindex" }];

const queryShape = { q: queryText(200), role: queryEnum(USER_ROLES), page: queryPage };

export async function loader({ context, url }: Route.LoaderArgs) {
  const me = requirePermission({ context, url }, "users.manage");
  const query = parseQuery(url.searchParams, queryShape);
  const list = await listUsers(query);
  const language = getPageLanguage(context);
  const t = adminT(context);
  return {
    me: me.id,
    query,
    total: list.total,
    pages: list.pages,
    users: list.rows.map((row) => ({ ...row, createdAt: formatDate(row.createdAt, language) })),
    seo: { title: t("admin:users.title"), description: t("admin:users.lead") },
  };
}

export { headers } from "#app/platform/http/route-headers.ts";

export async function action({ request, context, url }: Route.ActionArgs) {
  const me = requirePermission({ context, url }, "users.manage");
  const formData = await readForm(request);
  const intent = formData.get("intent");
  const here = localizePath("/dashboard/settings/users", localeFromPath(url.pathname)) + url.search;
  const input = { user_id: parseId(formData.get("user_id")), role: formData.get("role"), blocked: formData.get("blocked") };
  let outcome;
  if (intent === "role") {
    const parsed = userRoleSchema.safeParse(input);
    invariantResponse(parsed.success);
    outcome = await changeRole(parsed.data.user_id, parsed.data.role, me.id);
  } else if (intent === "block") {
    const parsed = userBlockSchema.safeParse(input);
    invariantResponse(parsed.success);
    outcome = await setBlocked(parsed.data.user_id, parsed.data.blocked === "yes", me.id);
  } else badRequest();
  return redirectWithFlash(here, {
    severity: outcome === "done" || outcome === "unchanged" ? "success" : "warn",
    message: `admin:users.outcome_${outcome}`,
  });
}

export default function Users({ loaderData }: Route.ComponentProps) {
  const { t } = useAdminT();
  const { query, users, me } = loaderData;
  return (
    <>
      <BackLink to={"/dashboard/settings"}>{t("dashboard:sections.settings")}</BackLink>
      <h1>{t("admin:users.title")}</h1>
      <p className="panel__lead">{t("admin:users.lead")}</p>
      <SearchFilters id="users-q" label={t("admin:users.search")} q={query.q}>
        <FilterSelect
          className="field"
          id="users-role"
          name="role"
          label={t("admin:users.role")}
          anyLabel={t("admin:list.any")}
          defaultValue={query.role ?? ""}
          options={USER_ROLES.map((role) => ({ value: role, label: tKey(t, `cabinet:roles.${role}`) }))}
        />
      </SearchFilters>
      <StackedTable
        className="dash-users"
        columns={[
          t("admin:users.user"),
          t("admin:users.joined"),
          { label: t("admin:users.adverts"), num: true },
          t("admin:users.role"),
          t("admin:users.access"),
        ]}
      >
        <tbody>
          {users.map((user) => (
            <tr key={user.id} data-user={user.email}>
              <th scope="row">
                {user.name || user.email}
                <span className="dash-table__sub">{user.email}</span>
                {user.verified ? null : <span className="dash-table__sub">{t("admin:users.unverified")}</span>}
              </th>
              <td data-label={t("admin:users.joined")}>{user.createdAt}</td>
              <td className="num" data-label={t("admin:users.adverts")}>
                {user.adverts}
                <span className="dash-table__sub">
                  {t("admin:users.follows", { favourites: user.favourites, searches: user.savedSearches })}
                </span>
              </td>
              <td data-label={t("admin:users.role")}>
                {user.id === me ? (
                  tKey(t, `cabinet:roles.${user.role}`)
                ) : (
                  <Form method="post" className="dash-inline-form">
                    <input type="hidden" name="intent" value="role" />
                    <input type="hidden" name="user_id" value={user.id} />
                    <label className="visually-hidden" htmlFor={`role-${user.id}`}>
                      {t("admin:users.role_for", { email: user.email })}
                    </label>
                    <select id={`role-${user.id}`} name="role" defaultValue={user.role}>
                      {USER_ROLES.map((role) => (
                        <option key={role} value={role}>
                          {tKey(t, `cabinet:roles.${role}`)}
                        </option>
                      ))}
                    </select>
                    <button
                      type="submit"
                      className="button button--secondary button--small"
                      aria-label={t("admin:users.change_role_for", { email: user.email })}
                    >
                      {t("admin:users.change_role")}
                    </button>
                  </Form>
                )}
              </td>
              <td data-label={t("admin:users.access")}>
                {user.blocked ? <strong>{t("admin:users.blocked")} </strong> : null}
                {user.id === me ? null : (
                  <IntentButton
                    intent="block"
                    fields={{ user_id: user.id, blocked: user.blocked ? "no" : "yes" }}
                    formClassName="dash-inline-form"
                    buttonClassName={`button button--small ${user.blocked ? "button--secondary" : "button--danger"}`}
                    ariaLabel={t(user.blocked ? "admin:users.unblock_named" : "admin:users.block_named", { email: user.email })}
                  >
                    {t(user.blocked ? "admin:users.unblock" : "admin:users.block")}
                  </IntentButton>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </StackedTable>
      <Pagination
        page={query.page}
        pages={loaderData.pages}
        total={loaderData.total}
        hrefFor={(page) =>
          `?${new URLSearchParams({ ...(query.q ? { q: query.q } : {}), ...(query.role ? { role: query.role } : {}), page: String(page) })}`
        }
      />
    </>
  );
}

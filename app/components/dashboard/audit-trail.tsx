import type { AuditLine } from "#app/modules/audit/present.server.ts";
import { tKey, useAdminT } from "./use-admin-t.ts";

/** An item's history: who did what when, and which fields changed from what to what. */
export function AuditTrail({ entries, headingId = "history-heading" }: { entries: AuditLine[]; headingId?: string }) {
  const { t } = useAdminT();
  const label = (field: string) => {
    const base = field.replace(/_(uk|en)$/, "");
    const language = field.endsWith("_uk") ? "uk" : field.endsWith("_en") ? "en" : null;
    const name = tKey(t, `admin:fields.${base}`, { defaultValue: base });
    return language ? t("admin:form.in_language", { field: name, language: tKey(t, `admin:form.language_${language}`) }) : name;
  };
  return (
    <section className="dash-audit" aria-labelledby={headingId}>
      <h2 id={headingId}>{t("admin:audit.title")}</h2>
      {entries.length === 0 ? (
        <p>{t("admin:audit.empty")}</p>
      ) : (
        <ol className="dash-audit__list">
          {entries.map((entry) => (
            <li key={entry.id} data-action={entry.action}>
              <p className="dash-audit__head">
                <strong>{tKey(t, `admin:audit.actions.${entry.action}`, { defaultValue: entry.action })}</strong>
                {" · "}
                {entry.actor ?? t("admin:audit.system")}
                {" · "}
                <span>{entry.at}</span>
              </p>
              {entry.changes.length ? (
                <dl className="dash-audit__changes">
                  {entry.changes.map((change) => (
                    <div key={change.field}>
                      <dt>{label(change.field)}</dt>
                      <dd>
                        <del>{change.before}</del> → <ins>{change.after}</ins>
                      </dd>
                    </div>
                  ))}
                </dl>
              ) : null}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

import type { ReportTargetType } from "#db/schema.ts";
import { useAdvertsT } from "#app/components/adverts/use-adverts-t.ts";
import { deferred, gate } from "./deferred.tsx";
import { reportFormWords } from "./report-words.ts";

const firstOpened = gate();
/** The form's fields, loaded when a visitor opens "Report" (on /report, when the browser is idle). */
export const ReportFormBody = deferred(() => import("./report-form-body.tsx"), firstOpened.opened);

/**
 * "Report" on adverts and on news, poster, service and diaspora items, in a closed
 * `<details>`. The server renders the whole form inside it, so without JS it opens and posts
 * like any form; the browser loads the form's code only when a visitor opens it (or points
 * at it), and until then the server's form is what is there (deferred.tsx).
 */
export function ReportForm({ targetType, targetId }: { targetType: ReportTargetType; targetId: number }) {
  const { t } = useAdvertsT();
  const words = reportFormWords(targetType);
  return (
    <details className="report" onToggle={firstOpened.open}>
      {/* Pointing at or focusing the toggle gives the download a head start. */}
      <summary onPointerEnter={firstOpened.open} onFocus={firstOpened.open}>
        {t(words.toggle)}
      </summary>
      <h2 className="visually-hidden">{t(words.heading, { target: t(`reports:targets.${targetType}`) })}</h2>
      <ReportFormBody targetType={targetType} targetId={targetId} />
    </details>
  );
}

import { useSecurityT } from "#app/components/account/use-security-t.ts";
import { IntentButton } from "#app/components/forms/intent-button.tsx";

type SessionRow = {
  handle: string;
  /** Already in the page's language. */
  device: string;
  current: boolean;
  lastUsed: { iso: string; text: string };
  started: { iso: string; text: string };
};

/** The account's sessions: device, last use, "this device", and the sign-out forms. */
export function SessionsSection({ sessions }: { sessions: SessionRow[] }) {
  const { t } = useSecurityT();
  const others = sessions.filter((session) => !session.current);
  return (
    <section className="panel sessions" aria-labelledby="sessions-heading">
      <h2 id="sessions-heading">{t("security:sessions.heading")}</h2>
      <p className="panel__lead">{t("security:sessions.lead")}</p>
      <ul className="sessions__list">
        {sessions.map((session) => {
          const { device } = session;
          return (
            <li key={session.handle} className="sessions__item">
              <div className="sessions__about">
                <strong>{device}</strong>
                {session.current ? <span className="tag"> {t("security:sessions.this_device")}</span> : null}
                <br />
                <small>
                  {t("security:sessions.last_used")} <time dateTime={session.lastUsed.iso}>{session.lastUsed.text}</time>
                  {" · "}
                  {t("security:sessions.started")} <time dateTime={session.started.iso}>{session.started.text}</time>
                </small>
              </div>
              {session.current ? null : (
                <IntentButton
                  intent="session-sign-out"
                  fields={{ session: session.handle }}
                  formClassName="sessions__action"
                  buttonClassName="button button--secondary"
                  ariaLabel={t("security:sessions.sign_out_label", { device })}
                >
                  {t("security:sessions.sign_out")}
                </IntentButton>
              )}
            </li>
          );
        })}
      </ul>
      {others.length > 0 ? (
        <IntentButton intent="session-sign-out-others" buttonClassName="button button--danger">
          {t("security:sessions.sign_out_others")}
        </IntentButton>
      ) : (
        <p>{t("security:sessions.only_this")}</p>
      )}
    </section>
  );
}

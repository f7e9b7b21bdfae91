import { IntentButton } from "#app/components/forms/intent-button.tsx";
import { useLocale } from "#app/hooks/use-t.ts";
import { localizePath } from "#app/i18n/locales.ts";

type UnverifiedEmailNoticeProps = {
  /** Given on a page whose form this notice replaces (it then has a heading, is announced, and posts to the cabinet); left out in the cabinet itself. */
  title?: string;
  text: string;
  resendLabel: string;
};

/**
 * "Your email is not verified" with the button that mails the link again. The cabinet's action
 * (intent `resend`) sends it, from whichever page the notice stands on.
 */
export function UnverifiedEmailNotice({ title, text, resendLabel }: UnverifiedEmailNoticeProps) {
  const locale = useLocale();
  const onItsOwnPage = title === undefined;
  return (
    <div className="notice notice--warn" role={onItsOwnPage ? undefined : "status"}>
      {onItsOwnPage ? null : <h2>{title}</h2>}
      <p>{text}</p>
      <IntentButton
        intent="resend"
        action={onItsOwnPage ? undefined : localizePath("/cabinet", locale)}
        buttonClassName="button button--secondary"
      >
        {resendLabel}
      </IntentButton>
    </div>
  );
}

import { useSecurityT } from "#app/components/account/use-security-t.ts";

/** The ten recovery codes, right after they were made: the only time they are shown. */
export function RecoveryCodes({ codes }: { codes: string[] }) {
  const { t } = useSecurityT();
  return (
    <section className="panel" aria-labelledby="recovery-codes-heading" role="status">
      <h2 id="recovery-codes-heading">{t("security:totp.codes_heading")}</h2>
      <p className="panel__lead">{t("security:totp.codes_lead")}</p>
      <ul className="recovery-codes" data-testid="recovery-codes">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ul>
    </section>
  );
}

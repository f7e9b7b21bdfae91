import type { AnyField } from "#app/components/forms/field.tsx";
import { InputField } from "#app/components/forms/fields.tsx";
import { SOCIAL_NETWORKS } from "#app/modules/staff-content/types.ts";
import { tKey, useAdminT } from "./use-admin-t.ts";

/** One address field per social network (`social_<network>`): the site's settings and a content item's links. */
export function SocialLinksFieldset({ legend, field }: { legend: string; field: (name: string) => AnyField }) {
  const { t } = useAdminT();
  return (
    <fieldset className="dash-social">
      <legend>{legend}</legend>
      {SOCIAL_NETWORKS.map((network) => (
        <InputField
          key={network}
          field={field(`social_${network}`)}
          label={tKey(t, `admin:social.${network}`)}
          type="url"
          placeholder="https://"
        />
      ))}
    </fieldset>
  );
}

import { LocalizedLink } from "#app/components/localized-link.tsx";

/** What a cabinet list shows while it is empty: why, and a way back to the adverts to fill it. */
export function EmptyList({ message, browseLabel }: { message: string; browseLabel: string }) {
  return (
    <div className="empty-state">
      <p>{message}</p>
      <LocalizedLink to="/advertisement" className="button">
        {browseLabel}
      </LocalizedLink>
    </div>
  );
}

import type { ReactNode } from "react";
import type { LocalizedText } from "~/modules/content/localized";
import type { ReklamaBanner } from "~/modules/reklama/reklama.server";
import { Breadcrumbs } from "./breadcrumbs";
import { ReklamaSlot } from "./reklama-slot";

/** An item page's frame: the article (titled by `#item-title`) and the aside with the sidebar reklama and `aside`. */
export function ItemLayout({ sidebar, aside, children }: { sidebar: ReklamaBanner[]; aside?: ReactNode; children: ReactNode }) {
  return (
    <div className="item-layout">
      <article className="item" aria-labelledby="item-title">
        {children}
      </article>
      <div className="item-layout__aside">
        <ReklamaSlot placement="sidebar" banners={sidebar} />
        {aside}
      </div>
    </div>
  );
}

/** Breadcrumbs to the section and, when the item has one, to its category in that section. */
export function ItemBreadcrumbs({ section, label, category }: { section: string; label: string; category: { slug: string; name: LocalizedText } | null }) {
  return <Breadcrumbs trail={[{ to: section, label }, ...(category ? [{ to: `${section}/category/${category.slug}`, label: category.name }] : [])]} />;
}

/** One term of an item's facts list (`<dl className="facts">`). */
export function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <>
      <dt>{term}</dt>
      <dd>{children}</dd>
    </>
  );
}

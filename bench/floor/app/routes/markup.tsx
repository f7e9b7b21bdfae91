import { useParams } from "react-router";
import type { MarkupNode } from "../../../floor-markup.ts";
import { markupElements } from "../markup-tree.ts";

// Portal pages' markup by key (bench/floor-markup.ts), put on globalThis by bench/floor-server.ts
// before the build loads: no loader data, so nothing of it is serialized into the page.
declare global {
  var floorMarkup: Record<string, MarkupNode[]> | undefined;
}

export default function Markup() {
  const { page = "" } = useParams();
  return <>{markupElements(globalThis.floorMarkup?.[page] ?? [])}</>;
}

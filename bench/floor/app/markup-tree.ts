import { createElement, type ReactNode } from "react";
import type { MarkupNode } from "../../floor-markup.ts";

/** React elements of a captured tree (bench/floor-markup.ts), built anew on every call. */
export function markupElements(nodes: MarkupNode[]): ReactNode[] {
  return nodes.map(build);
}

function build(node: MarkupNode, key: number): ReactNode {
  if (typeof node === "string") return node;
  const [tag, props, children] = node;
  return createElement(tag, { ...props, key }, ...children.map(build));
}

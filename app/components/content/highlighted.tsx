import type { Highlighted as HighlightedParts } from "#app/modules/search/query.ts";

/** Text with its matching words in <mark>; React escapes every part. */
export function Highlighted({ parts }: { parts: HighlightedParts }) {
  return <>{parts.map((part, index) => (part.hit ? <mark key={index}>{part.text}</mark> : <span key={index}>{part.text}</span>))}</>;
}

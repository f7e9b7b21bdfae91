import { Fragment } from "react";
import { hasLink, URL_PATTERN } from "#app/modules/messages/links.ts";

/**
 * A message's plain text. Links are clickable only from a sender whose email is verified
 * (nofollow, new tab); from anyone else they stay text, so a throwaway account cannot use the
 * inbox to spread links.
 */
export function MessageText({ text, linkify }: { text: string; linkify: boolean }) {
  // Most messages hold no link: their text alone, with nothing to split.
  if (!linkify || !hasLink(text)) return text;
  return (
    <>
      {text.split(URL_PATTERN).map((part, index) =>
        index % 2 === 1 ? (
          <a key={index} href={part} rel="nofollow ugc noopener noreferrer" target="_blank">
            {part}
          </a>
        ) : (
          <Fragment key={index}>{part}</Fragment>
        ),
      )}
    </>
  );
}

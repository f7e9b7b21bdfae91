import { Fragment } from "react";

const URL_PATTERN = /(https?:\/\/[^\s<>"']+)/g;

/**
 * A message's plain text. Links are clickable only from a sender whose email is verified
 * (nofollow, new tab); from anyone else they stay text, so a throwaway account cannot use the
 * inbox to spread links.
 */
export function MessageText({ text, linkify }: { text: string; linkify: boolean }) {
  // Most messages hold no link: their text alone, with nothing to split.
  if (!linkify || !text.includes("http")) return text;
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

import { find } from "linkifyjs";
import type { ReactNode } from "react";

const isWebAddress = (href: string) => /^https?:\/\//i.test(href);

/**
 * A message's text as text nodes, its web addresses as links that open apart from the app. Never HTML:
 * whatever a person writes, markup included, shows as the characters they typed.
 */
export const MessageText = ({ text }: { text: string }) => {
  const parts: ReactNode[] = [];
  let at = 0;
  for (const link of find(text, "url", { defaultProtocol: "https" })) {
    if (!isWebAddress(link.href)) continue;
    if (link.start > at) parts.push(text.slice(at, link.start));
    parts.push(
      <a key={link.start} href={link.href} target="_blank" rel="noopener noreferrer nofollow ugc">
        {link.value}
      </a>,
    );
    at = link.end;
  }
  if (at < text.length) parts.push(text.slice(at));
  return <p className="message-text">{parts}</p>;
};

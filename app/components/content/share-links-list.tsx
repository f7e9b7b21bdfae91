import { Mail } from "lucide-react";
import { NetworkIcon } from "./social-link.tsx";
import { useContentT } from "./use-content-t.ts";

/** Plain share links (no third-party scripts): work without JS and leak nothing until clicked. Loaded through share-links.tsx. */
export default function ShareLinksList({ url, title }: { url: string; title: string }) {
  const { t } = useContentT();
  const u = encodeURIComponent(url);
  const text = encodeURIComponent(title);
  const targets = [
    { id: "facebook", name: "Facebook", href: `https://www.facebook.com/sharer/sharer.php?u=${u}` },
    { id: "x", name: "X", href: `https://x.com/intent/post?url=${u}&text=${text}` },
    { id: "telegram", name: "Telegram", href: `https://t.me/share/url?url=${u}&text=${text}` },
    { id: "whatsapp", name: "WhatsApp", href: `https://wa.me/?text=${encodeURIComponent(`${title} ${url}`)}` },
    { id: "viber", name: "Viber", href: `viber://forward?text=${encodeURIComponent(`${title} ${url}`)}` },
  ];
  return (
    <nav className="share-links" aria-label={t("share.label")}>
      <span className="share-links__label">{t("share.label")}:</span>
      <ul className="inline-list">
        {targets.map((target) => (
          <li key={target.name}>
            <a href={target.href} target="_blank" rel="noopener noreferrer">
              <NetworkIcon network={target.id} />
              {target.name}
              <span className="visually-hidden"> ({t("share.new_window")})</span>
            </a>
          </li>
        ))}
        <li>
          <a href={`mailto:?subject=${text}&body=${u}`}>
            <Mail aria-hidden="true" size={18} />
            {t("share.email")}
          </a>
        </li>
      </ul>
    </nav>
  );
}

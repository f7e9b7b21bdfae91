import { AtSign, BriefcaseBusiness, Camera, Globe, MessageCircle, Music2, Phone, Play, Send, ThumbsUp } from "lucide-react";

// lucide has no brand marks (trademarks); each network gets the closest generic icon and
// its proper name, which is the same in every language.
const NETWORKS: Record<string, { name: string; Icon: typeof Globe }> = {
  facebook: { name: "Facebook", Icon: ThumbsUp },
  instagram: { name: "Instagram", Icon: Camera },
  telegram: { name: "Telegram", Icon: Send },
  youtube: { name: "YouTube", Icon: Play },
  tiktok: { name: "TikTok", Icon: Music2 },
  x: { name: "X", Icon: AtSign },
  viber: { name: "Viber", Icon: Phone },
  whatsapp: { name: "WhatsApp", Icon: MessageCircle },
  linkedin: { name: "LinkedIn", Icon: BriefcaseBusiness },
};

/** The icon for a network id (`Globe` for one it does not know). */
export function NetworkIcon({ network }: { network: string }) {
  const Icon = NETWORKS[network]?.Icon ?? Globe;
  return <Icon aria-hidden="true" size={18} />;
}

/** A social profile link: the network's icon and name; `newWindow` is the screen-reader note. */
export function SocialLink({ network, url, newWindow }: { network: string; url: string; newWindow: string }) {
  const { name, Icon } = NETWORKS[network] ?? { name: network, Icon: Globe };
  return (
    <a href={url} rel="noopener" target="_blank" className="social-link">
      <Icon aria-hidden="true" size={18} />
      {name}
      <span className="visually-hidden"> ({newWindow})</span>
    </a>
  );
}

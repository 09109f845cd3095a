import type { ChatEntry } from "../../contract/chat";

/** The other member's thumbnail, or their initial ("?" for a deleted member). */
export default function Avatar({ profile, size }: { profile: ChatEntry["profile"]; size: number }) {
  const image = profile?.main_image?.thumb;
  return image ? (
    <img className="avatar" src={image} alt="" width={size} height={size} loading="lazy" />
  ) : (
    <span className="avatar avatar-initial" aria-hidden="true">
      {profile?.name.slice(0, 1) ?? "?"}
    </span>
  );
}

import { useEffect, useState } from "react";
import type { ProfileDetail } from "../../contract/profiles";
import { countryName } from "../../i18n/countries";
import type { Translate } from "../../i18n/translate";
import { api } from "../../lib/api-client";
import type { ConfirmStep } from "./ConversationHeader";

/** Where the panel shows (chat.css): wider screens have room for it beside the conversation. */
const WIDE = "(min-width: 1200px)";

type Props = {
  profileId: number;
  name: string;
  t: Translate;
  locale: string;
  onConfirm: (step: ConfirmStep) => void;
};

/**
 * The other member's profile beside the conversation on a wide screen, as Tinder and Bumble show
 * it (issue 29 item 9): photo, name and age, place, about, interests, and the profile's own
 * actions. Fetched only where it shows: reading a profile counts as opening it (spec §4 clears
 * their new like), which a phone, where it is hidden, must not do.
 */
export default function ProfilePanel({ profileId, name, t, locale, onConfirm }: Props) {
  const [profile, setProfile] = useState<ProfileDetail | null>(null);

  useEffect(() => {
    const wide = matchMedia(WIDE);
    let cancelled = false;
    async function load() {
      if (!wide.matches) return;
      wide.removeEventListener("change", load);
      try {
        const answer = await api("GET /api/profile.php", { query: { id: profileId } });
        if (!cancelled && "is_own" in answer) setProfile(answer);
      } catch {
        // The conversation works without it; the header still links the profile.
      }
    }
    wide.addEventListener("change", load);
    void load();
    return () => {
      cancelled = true;
      wide.removeEventListener("change", load);
    };
  }, [profileId]);

  const place = profile ? placeOf(profile, locale) : "";
  return (
    <aside className="chat-profile" aria-label={t("chat.profilePanel", { name })}>
      {profile ? (
        <>
          {profile.main_image ? (
            <img
              className="chat-profile-photo"
              src={profile.main_image.match}
              width={360}
              height={450}
              alt={t("chat.profilePhoto", { name })}
            />
          ) : (
            <span className="chat-profile-photo avatar-initial" aria-hidden="true">
              {profile.name.slice(0, 1)}
            </span>
          )}
          <h2>{t("members.nameAge", { name: profile.name, age: profile.age })}</h2>
          <p className="muted">{place}</p>
          {profile.about ? <p className="chat-profile-about">{profile.about}</p> : null}
          {profile.interests.length > 0 ? (
            <ul className="chip-list chat-profile-interests" aria-label={t("profile.interests")}>
              {profile.interests.map((interest) => (
                <li key={interest}>{t(`interest.${interest}` as "interest.travel")}</li>
              ))}
            </ul>
          ) : null}
          <div className="chat-profile-actions">
            <a className="btn btn-outline btn-sm" href={`/members/${profile.id}`}>
              {t("chat.viewProfile")}
            </a>
            <button
              type="button"
              className="btn btn-ghost btn-sm"
              onClick={() => onConfirm("block")}
            >
              {t("chat.blockName", { name })}
            </button>
            <button
              type="button"
              className="btn btn-ghost btn-sm"
              onClick={() => onConfirm("report")}
            >
              {t("report.title", { name })}
            </button>
          </div>
        </>
      ) : null}
    </aside>
  );
}

function placeOf(profile: ProfileDetail, locale: string): string {
  // An unknown code is shown as it is, in capitals.
  const country = countryName(locale, profile.country.toUpperCase());
  return profile.region_name ? `${profile.region_name}, ${country}` : country;
}

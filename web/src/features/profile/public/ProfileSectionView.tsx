import { useState } from "react";
import { SECTION_COUNTS, type ProfileSection } from "@graph/core/modules/profile/rules";
import { initialSlots, swapSlot } from "../profile.ts";
import { SECTION_NAMES } from "../section-names.ts";
import type { ProfileItem } from "./profile-items.ts";
import { Stars } from "./Stars.tsx";
import "./profile.css";

export interface Focus {
  section: ProfileSection;
  slot: number;
  item: ProfileItem;
}

/**
 * One section: its first few items (the spec's count). Hovering or focusing an item shows it
 * in the footer; a click locks it there; a click on the locked item swaps it for the next item
 * of the full list not shown yet.
 */
export function ProfileSectionView({
  section,
  items,
  locked,
  onHover,
  onLock,
}: {
  section: ProfileSection;
  items: ProfileItem[];
  locked: Focus | null;
  onHover: (focus: Focus | null) => void;
  onLock: (focus: Focus | null) => void;
}) {
  const [slots, setSlots] = useState(() => initialSlots(items.length, SECTION_COUNTS[section]));
  const headingId = `profile-section-${section}`;

  const click = (slot: number) => {
    const item = items[slots.shown[slot]!]!;
    const isLocked = locked?.section === section && locked.slot === slot;
    if (!isLocked) {
      onLock({ section, slot, item });
      return;
    }
    const next = swapSlot(slots, slot, items.length);
    if (next === slots) return;
    setSlots(next);
    const swapped = { section, slot, item: items[next.shown[slot]!]! };
    onLock(swapped);
    // The pointer (or focus) is still on the slot: the footer shows what is there now.
    onHover(swapped);
  };

  return (
    <section
      className={`profile-section profile-section--${section}`}
      aria-labelledby={headingId}
      data-testid="profile-section"
      data-section={section}
    >
      <h2 id={headingId} className="profile-section__title">
        {SECTION_NAMES[section]}
      </h2>
      <ul className="profile-section__items">
        {slots.shown.map((index, slot) => {
          const item = items[index]!;
          const isLocked = locked?.section === section && locked.slot === slot;
          return (
            <li key={slot}>
              <button
                type="button"
                className="profile-item"
                aria-pressed={isLocked}
                title={item.full}
                onMouseEnter={() => onHover({ section, slot, item })}
                onMouseLeave={() => onHover(null)}
                onFocus={() => onHover({ section, slot, item })}
                onBlur={() => onHover(null)}
                onClick={() => click(slot)}
                data-testid="profile-item"
              >
                {item.image ? <ItemImage key={item.image} src={item.image} /> : null}
                <span className="profile-item__label">{item.label}</span>
                {item.byline ? <span className="profile-item__byline">{item.byline}</span> : null}
                {item.rating !== undefined ? <Stars rating={item.rating} /> : null}
                {section === "thoughts" && item.detail ? (
                  <span className="profile-item__body">{item.detail}</span>
                ) : null}
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/**
 * An item's picture (through graph's picture proxy), decorative: the label beside it names the
 * item. One that cannot be had is left out, as an item without a picture shows, never broken.
 */
function ItemImage({ src }: { src: string }) {
  const [failed, setFailed] = useState(false);
  if (failed) return null;
  return (
    <img
      src={src}
      alt=""
      className="profile-item__image"
      loading="lazy"
      decoding="async"
      onError={() => setFailed(true)}
      data-testid="profile-item-image"
    />
  );
}

/** Limits of the mutual-interests comparison, shared by the server and the profile page. */
export const OVERLAP = {
  /** Shared items named as contributing most to the compatibility score. */
  topContributors: 5,
  /**
   * People-count scale of rarity: an item held by one person weighs 1, one held by this many
   * people weighs about a tenth (log scale), one held by everyone close to nothing.
   */
  rarityScale: 1000,
  /** Overlap titles are cut to this many characters on the page. */
  titleMax: 80,
} as const;

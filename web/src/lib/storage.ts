/** Every local-storage key the app writes, in one place. */
export const storageKeys = {
  darkMode: "darkMode",
  lastActiveConvId: "lastActiveConvId",
  interests: (userId: string) => `interests-${userId}`,
  aims: (userId: string) => `aims-${userId}`,
  forceFeedRefresh: (userId: string) => `forceFeedRefresh:${userId}`,
  cachedFeed: (userId: string) => `cachedFeed-${userId}`,
  topicSuggestions: (userId: string) => `topicSuggestions-${userId}`,
  tumbleList: (userId: string) => `tumbleList-${userId}`,
} as const;

/** Prefixes of the per-user entries removed on logout (cached feed, topic suggestions). */
export const LOGOUT_CLEARED_PREFIXES = ["cachedFeed-", "topicSuggestions-"] as const;

export function readStorage(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeStorage(key: string, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // storage full or disabled: the preference only lasts this visit
  }
}

export function removeStorage(key: string): void {
  try {
    window.localStorage.removeItem(key);
  } catch {
    // nothing to remove
  }
}

/** Removes the cached feed and topic suggestions for every user on this device. */
export function clearSessionStorageEntries(): void {
  try {
    const doomed: string[] = [];
    for (let i = 0; i < window.localStorage.length; i++) {
      const key = window.localStorage.key(i);
      if (key && LOGOUT_CLEARED_PREFIXES.some((p) => key.startsWith(p))) doomed.push(key);
    }
    for (const key of doomed) window.localStorage.removeItem(key);
  } catch {
    // storage disabled
  }
}

import { ReaderSettingsEntity } from "./reader-settings.entity.ts";

export interface ReaderSettings {
  /** The feed's titles open the publisher's page (in a new tab) instead of graph's reader view. */
  openOnPublisher: boolean;
}

/** The person's reading settings (the defaults until they change one). */
export async function settingsOf(userId: string): Promise<ReaderSettings> {
  const { data } = await ReaderSettingsEntity.get({ userId }).go({ attributes: ["openOnPublisher"] });
  return { openOnPublisher: data?.openOnPublisher ?? false };
}

/** Sets the person's reading settings (one write: the last one wins, there is nothing to count). */
export async function saveSettings(userId: string, settings: ReaderSettings): Promise<ReaderSettings> {
  await ReaderSettingsEntity.put({ userId, openOnPublisher: settings.openOnPublisher, updatedAt: Date.now() }).go();
  return { openOnPublisher: settings.openOnPublisher };
}

/** Removes a deleted account's reading settings (one item; deleting it again is fine). */
export async function purgeAccount(userId: string): Promise<void> {
  await ReaderSettingsEntity.delete({ userId }).go();
}

/**
 * The public profile's own content: contact links, thoughts, websites, the order and
 * visibility of its sections, and the one read that draws the whole public page.
 */
export { readContacts, saveContacts, type ContactsView } from "./contacts.ts";
export { listThoughts, addThought, updateThought, deleteThought, type ThoughtView } from "./thoughts.ts";
export { listWebsites, addWebsite, deleteWebsite, type WebsiteView } from "./websites.ts";
export { readSectionOrder, saveSectionOrder, readSection, sectionsShownTo } from "./section-order.ts";
export { nodeCount, publicProfile, publicProfileOwner, profileMeta, type PublicProfile } from "./public.ts";
export * from "./rules.ts";
export { profileIndexHtml, profileNameOf } from "./page-meta.ts";
export { purgeAccount } from "./purge.ts";

/**
 * The public profile's own content: contact links, thoughts, websites, the order and
 * visibility of its sections (the one read that draws the whole public page is the
 * public-profile workflow's).
 */
export { readContacts, saveContacts, type ContactsView } from "./contacts.ts";
export { listThoughts, addThought, updateThought, deleteThought, type ThoughtView } from "./thoughts.ts";
export { listWebsites, addWebsite, deleteWebsite, type WebsiteView } from "./websites.ts";
export { readSectionOrder, saveSectionOrder, readSection, sectionsShownTo } from "./section-order.ts";
export { nodeCount, publicProfileOwner, profileMeta, shownNodeCount } from "./public.ts";
export * from "./rules.ts";
export { profileIndexHtml } from "./page-meta.ts";
export { purgeAccount } from "./purge.ts";
export { personData } from "./person-data.ts";

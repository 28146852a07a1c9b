import { badRequest } from "../../lib/errors/index.ts";
import { ContactsEntity } from "./contacts.entity.ts";
import { CONTACT_MAX, PROFILE_MESSAGES } from "./rules.ts";

export interface ContactsView {
  about: string;
  socials: string;
}

/** The person's contacts as the spec's read answers them: a list whose first entry is used (empty when none). */
export async function readContacts(userId: string): Promise<ContactsView[]> {
  const { data } = await ContactsEntity.get({ userId }).go();
  return data ? [{ about: data.about, socials: data.socials }] : [];
}

/** Saves both contact links (trimmed; empty clears one). */
export async function saveContacts(userId: string, input: ContactsView): Promise<ContactsView> {
  const about = input.about.trim();
  const socials = input.socials.trim();
  if (about.length > CONTACT_MAX || socials.length > CONTACT_MAX) throw badRequest(PROFILE_MESSAGES.contactTooLong);
  await ContactsEntity.put({ userId, about, socials, updatedAt: Date.now() }).go();
  return { about, socials };
}

import { randomUUID } from "node:crypto";
import { isConditionFailure } from "../../adapters/dynamo/index.ts";
import { CustomerOwnerEntity } from "./customer-owner.entity.ts";
import { CustomerEntity, type Customer } from "./customer.entity.ts";
import { stripe } from "../../adapters/stripe/index.ts";

/** How long a person's other requests wait for the one making their customer, before making it themselves. */
const WAIT_FOR_CLAIM_MS = 5000;

const read = async (userId: string) =>
  (await CustomerEntity.get({ userId }).go({ consistent: true })).data ?? undefined;

/** The person's Stripe customer id, if they have one. */
export async function customerIdOf(userId: string): Promise<string | undefined> {
  return (await read(userId))?.customerId;
}

/** The person who owns a Stripe customer, if it is one of graph's. */
export async function ownerOf(customerId: string): Promise<string | undefined> {
  return (await CustomerOwnerEntity.get({ customerId }).go()).data?.userId;
}

/**
 * The person's Stripe customer, made on first use and reused after. The first request claims the
 * row (a conditional create) and makes the customer; requests at the same time wait for it. If the
 * claimer never finishes, a later one makes it with the claim's idempotency key, so Stripe answers
 * the same customer rather than a second one.
 */
export async function ensureCustomer(person: { userId: string; email: string; username: string }): Promise<string> {
  let row: Customer | undefined = await read(person.userId);
  let claimed = false;
  if (!row) {
    const claim: Customer = { userId: person.userId, claim: randomUUID(), claimedAt: Date.now() };
    try {
      await CustomerEntity.create(claim).go();
      row = claim;
      claimed = true;
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
      row = (await read(person.userId))!;
    }
  }
  if (row.customerId) return row.customerId;
  if (!claimed) {
    const waitUntil = row.claimedAt + WAIT_FOR_CLAIM_MS;
    for (let delay = 25; Date.now() < waitUntil; delay = Math.min(delay * 2, 250)) {
      await new Promise((resolve) => setTimeout(resolve, delay));
      const now = await read(person.userId);
      if (now?.customerId) return now.customerId;
    }
  }
  const customer = await (
    await stripe()
  ).customers.create(
    { email: person.email, name: person.username, metadata: { userId: person.userId } },
    { idempotencyKey: `graph-customer-${row.claim}` },
  );
  // The owner first: once `customerId` is visible, events about the customer can find the person.
  await CustomerOwnerEntity.put({ customerId: customer.id, userId: person.userId }).go();
  try {
    await CustomerEntity.patch({ userId: person.userId })
      .set({ customerId: customer.id })
      .where((a, op) => `${op.notExists(a.customerId)} OR ${op.eq(a.customerId, customer.id)}`)
      .go();
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
  return (await read(person.userId))?.customerId ?? customer.id;
}

/**
 * Whose a customer is, for an event that names it. The owner is recorded when graph makes the
 * customer (`ensureCustomer`) and never changes: what an event says cannot move it. A customer
 * without that record is `claimed`'s only when graph made it for them (their billing row holds
 * it); the owner is then recorded once, by a conditional create. Otherwise it is nobody's here.
 */
export async function ownerFor(customerId: string, claimed: string | undefined): Promise<string | undefined> {
  const owner = await ownerOf(customerId);
  if (owner || !claimed || (await customerIdOf(claimed)) !== customerId) return owner;
  try {
    await CustomerOwnerEntity.create({ customerId, userId: claimed }).go();
    return claimed;
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    return (await CustomerOwnerEntity.get({ customerId }).go({ consistent: true })).data?.userId;
  }
}

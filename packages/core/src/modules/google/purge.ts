import { deleteKeys } from "../../adapters/dynamo/index.ts";
import { isConditionFailure } from "../../adapters/dynamo/index.ts";
import { GoogleAccountEntity } from "./google-account.entity.ts";
import { GoogleLinkEntity } from "./google-link.entity.ts";
import { LinkingTokenEntity } from "./linking-token.entity.ts";

/**
 * Removes a deleted account's Google link (so the Google account may sign up afresh) and any
 * open linking offers. The link item goes only while it still names this person. Safe to run again.
 */
export async function purgeAccount(userId: string): Promise<void> {
  const [{ data: account }, tokens] = await Promise.all([
    GoogleAccountEntity.get({ userId }).go({ consistent: true }),
    LinkingTokenEntity.query.byUser({ userId }).go({ pages: "all", attributes: ["tokenHash"] }),
  ]);
  await deleteKeys(
    LinkingTokenEntity,
    tokens.data.map(({ tokenHash }) => ({ tokenHash })),
  );
  if (!account) return;
  await GoogleLinkEntity.delete({ subject: account.subject })
    .where((attr, op) => op.eq(attr.userId, userId))
    .go()
    .catch((error: unknown) => {
      // Someone else's link now (this person's was removed before): leave it.
      if (!isConditionFailure(error)) throw error;
    });
  await GoogleAccountEntity.delete({ userId }).go();
}

import { deleteKeys } from "../../adapters/dynamo/index.ts";
import { isConditionFailure, transact } from "../../adapters/dynamo/index.ts";
import { PendingSlotEntity } from "./pending-slot.entity.ts";
import { PendingSuggestionEntity } from "./pending-suggestion.entity.ts";
import { SourceSuggesterEntity } from "./source-suggester.entity.ts";
import { SourceEntity } from "./source.entity.ts";
import { SuggestedSourceEntity } from "./suggested-source.entity.ts";

/**
 * Removes everything of a deleted account this module keeps: its suggestions, their pending
 * listings and places, and its count among a source's suggesters. The sources it suggested are
 * shared and stay (with one suggester fewer; a source trusted already stays trusted). A
 * suggestion goes last, after what is found through it, so a rerun still finds the rest.
 */
export async function purgeAccount(userId: string): Promise<void> {
  const { data: suggestions } = await SuggestedSourceEntity.query.byUser({ userId }).go({ pages: "all" });
  for (const suggestion of suggestions) {
    const { suggestionId, sourceId } = suggestion;
    if (sourceId) await forgetSuggester(sourceId, userId);
    await PendingSuggestionEntity.delete({ createdAt: suggestion.createdAt, userId, suggestionId }).go();
  }
  const { data: slots } = await PendingSlotEntity.query.byUser({ userId }).go({ pages: "all" });
  await deleteKeys(
    PendingSlotEntity,
    slots.map(({ slot }) => ({ userId, slot })),
  );
  await deleteKeys(
    SuggestedSourceEntity,
    suggestions.map(({ suggestionId }) => ({ userId, suggestionId })),
  );
}

/** Takes the person off a source's suggesters and its count, once (the record's condition). */
async function forgetSuggester(sourceId: string, userId: string): Promise<void> {
  const result = await transact([
    SourceSuggesterEntity.delete({ sourceId, userId }).where((attr, op) => op.exists(attr.suggestionId)),
    SourceEntity.patch({ sourceId })
      .add({ suggesterCount: -1 })
      .where((attr, op) => op.gt(attr.suggesterCount, 0)),
  ]);
  if (!result.canceled || result.reasons[0] !== "None") return; // done, or counted off before
  // The source is gone or its count is unknown: only the person's record is left to remove.
  await SourceSuggesterEntity.delete({ sourceId, userId })
    .go()
    .catch((error: unknown) => {
      if (!isConditionFailure(error)) throw error;
    });
}

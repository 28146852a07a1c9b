import { isConditionFailure } from "../../adapters/dynamo/index.ts";
import { badRequest, notFound } from "../../lib/errors/index.ts";
import { addCounted, removeCounted, timeOrderedId } from "./counted.ts";
import { PROFILE_MESSAGES, THOUGHT_CONTENT_MAX, THOUGHT_TITLE_MAX, THOUGHTS_MAX } from "./rules.ts";
import { ThoughtEntity, type Thought } from "./thought.entity.ts";

export interface ThoughtView {
  id: string;
  title: string;
  content: string;
  created_at: string;
}

const view = (t: Thought): ThoughtView => ({
  id: t.thoughtId,
  title: t.title,
  content: t.content,
  created_at: new Date(t.createdAt).toISOString(),
});

function checked(input: { title: string; content: string }) {
  const title = input.title.trim();
  const content = input.content.trim();
  if (title === "" || content === "") throw badRequest(PROFILE_MESSAGES.thoughtMissing);
  if (title.length > THOUGHT_TITLE_MAX) throw badRequest(PROFILE_MESSAGES.thoughtTitleTooLong);
  if (content.length > THOUGHT_CONTENT_MAX) throw badRequest(PROFILE_MESSAGES.thoughtContentTooLong);
  return { title, content };
}

/** The person's thoughts, newest first (`limit` of them). */
export async function listThoughts(userId: string, limit = THOUGHTS_MAX): Promise<ThoughtView[]> {
  const { data } = await ThoughtEntity.query.byUser({ userId }).go({ order: "desc", limit });
  return data.map(view);
}

export async function addThought(userId: string, input: { title: string; content: string }, now = Date.now()) {
  const { title, content } = checked(input);
  const thoughtId = timeOrderedId(now);
  await addCounted(
    userId,
    "thoughts",
    THOUGHTS_MAX,
    ThoughtEntity.create({ userId, thoughtId, title, content, createdAt: now }),
    PROFILE_MESSAGES.tooManyThoughts,
  );
  return { thoughtId, thoughtDate: new Date(now).toISOString() };
}

export async function updateThought(userId: string, input: { id: string; title: string; content: string }) {
  const { title, content } = checked(input);
  try {
    const { data } = await ThoughtEntity.patch({ userId, thoughtId: input.id })
      .set({ title, content })
      .go({ response: "all_new" });
    return view(data);
  } catch (error) {
    // `patch` only changes an item that exists: another person's id is not theirs to change.
    if (isConditionFailure(error)) throw notFound(PROFILE_MESSAGES.noSuchThought);
    throw error;
  }
}

export async function deleteThought(userId: string, thoughtId: string): Promise<void> {
  const removed = await removeCounted(
    userId,
    "thoughts",
    ThoughtEntity.delete({ userId, thoughtId }).where((attr, op) => op.exists(attr.createdAt)),
  );
  if (!removed) throw notFound(PROFILE_MESSAGES.noSuchThought);
}

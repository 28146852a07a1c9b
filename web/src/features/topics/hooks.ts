/** Changes on the topics tab (TanStack Query): adding, removing, supertags, asking for, skipping and un-skipping suggestions. */
import { useMutation, useQueryClient } from "@tanstack/react-query";
import {
  addTopics,
  removeTopic,
  setSupertag,
  similarTopics,
  skippedTopicsQuery,
  skipTopic,
  supertagMutationKey,
  topicsQuery,
  unskipMutationKey,
  unskipTopic,
} from "./api.ts";
import { withSkipped, withoutSkipped, type SkippedTopic } from "./skipped-topics.ts";
import {
  REMOVE_TOPIC_FAILED,
  RESTORE_TOPIC_FAILED,
  findTopicNamed,
  supertagFailureText,
  topicRemovedText,
  withSupertag,
  withoutTopic,
  type Topic,
} from "./topics.ts";
import { useForgetFeed } from "../feed/index.ts";
import { useToast } from "../../components/Toasts.tsx";

/** Adds topics; a failure is alerted in `failedText` (quick add and a suggestion word it differently). */
export function useAddTopics(userId: string, onAdded: () => void, failedText: string) {
  const queryClient = useQueryClient();
  const forgetFeed = useForgetFeed(userId);
  const toast = useToast();
  return useMutation({
    mutationFn: addTopics,
    onSuccess: ({ topics }) => {
      queryClient.setQueryData(topicsQuery(userId).queryKey, topics);
      forgetFeed();
      onAdded();
    },
    onError: (error) => {
      console.error("to_db failed", error);
      toast.alert(failedText);
    },
  });
}

/**
 * Removes one topic once the server has, and offers to undo it for a few seconds: undo adds the
 * topic back, a supertag again if it was one. A refusal keeps the topic and says so.
 */
export function useRemoveTopic(userId: string) {
  const queryClient = useQueryClient();
  const forgetFeed = useForgetFeed(userId);
  const toast = useToast();
  const key = topicsQuery(userId).queryKey;

  const restore = async (topic: Topic) => {
    let { topics } = await addTopics([topic.topic]);
    const back = findTopicNamed(topics, topic.topic);
    if (topic.isSupertag && back && !back.isSupertag) {
      await setSupertag(back.id, true);
      topics = withSupertag(topics, back.id, true);
    }
    queryClient.setQueryData(key, topics);
    forgetFeed();
  };

  return useMutation({
    mutationFn: (topic: Topic) => removeTopic(topic.id),
    onSuccess: (_answer, topic) => {
      queryClient.setQueryData(key, (topics) => topics && withoutTopic(topics, topic.id));
      forgetFeed();
      toast.undoable(topicRemovedText(topic.topic), { run: () => restore(topic), failed: RESTORE_TOPIC_FAILED });
    },
    onError: (error) => {
      console.error("remove_topic failed", error);
      toast.alert(REMOVE_TOPIC_FAILED);
    },
  });
}

interface SupertagChange {
  topicId: string;
  isSupertag: boolean;
}

/**
 * Makes a topic a supertag or takes it back. The list shows the change at once; a failure puts
 * back that one topic's state (not a snapshot of the whole list, which would also undo other
 * toggles still on their way) and says why.
 */
export function useSupertag(userId: string) {
  const queryClient = useQueryClient();
  const forgetFeed = useForgetFeed(userId);
  const toast = useToast();
  const key = topicsQuery(userId).queryKey;
  const set = (topicId: string, isSupertag: boolean) =>
    queryClient.setQueryData(key, (topics) => topics && withSupertag(topics, topicId, isSupertag));

  return useMutation({
    mutationKey: supertagMutationKey(userId),
    mutationFn: ({ topicId, isSupertag }: SupertagChange) => setSupertag(topicId, isSupertag),
    onMutate: async ({ topicId, isSupertag }) => {
      // A list read still on its way would overwrite the change with the old state.
      await queryClient.cancelQueries({ queryKey: key, exact: true });
      const was = queryClient.getQueryData(key)?.find((t) => t.id === topicId)?.isSupertag ?? !isSupertag;
      set(topicId, isSupertag);
      return { was };
    },
    onError: (error, { topicId }, context) => {
      console.error("toggle_supertag failed", error);
      if (context) set(topicId, context.was);
      toast.alert(supertagFailureText(error));
    },
    onSuccess: (answer, { topicId }) => {
      set(topicId, answer.isSupertag);
      forgetFeed();
    },
    onSettled: () => {
      // Re-read the list from the server once no other toggle is on its way.
      if (queryClient.isMutating({ mutationKey: supertagMutationKey(userId) }) === 1) {
        void queryClient.invalidateQueries({ queryKey: key, exact: true });
      }
    },
  });
}

/**
 * Asks for topic suggestions (`similar_topics`). A POST that reads: a mutation, as the page asks
 * for more when it decides to (at first, to top up its buffer, on refresh), not on a schedule.
 */
export function useSuggestTopics() {
  return useMutation({
    mutationFn: similarTopics,
    onError: (error) => console.error("similar_topics failed", error),
  });
}

/** Skips a suggested topic (`skip_topic`), so it is not suggested again; the skipped list then shows it. */
export function useSkipTopic(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: skipTopic,
    onError: (error) => console.error("skip_topic failed", error),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: skippedTopicsQuery(userId).queryKey, exact: true }),
  });
}

/**
 * Un-skips a topic (`unskip_topic`), so it may be suggested again. It leaves the list at once; a
 * failure puts back that one topic (not a snapshot of the list, which would also undo other
 * un-skips still on their way).
 */
export function useUnskipTopic(userId: string) {
  const queryClient = useQueryClient();
  const key = skippedTopicsQuery(userId).queryKey;
  return useMutation({
    mutationKey: unskipMutationKey(userId),
    mutationFn: (skipped: SkippedTopic) => unskipTopic(skipped.id),
    onMutate: async (skipped) => {
      // A list read still on its way would put the topic back.
      await queryClient.cancelQueries({ queryKey: key, exact: true });
      queryClient.setQueryData(key, (list) => list && withoutSkipped(list, skipped.id));
    },
    onError: (error, skipped) => {
      console.error("unskip_topic failed", error);
      queryClient.setQueryData(key, (list) => list && withSkipped(list, skipped));
    },
    onSettled: () => {
      // Re-read the list from the server once no other un-skip is on its way.
      if (queryClient.isMutating({ mutationKey: unskipMutationKey(userId) }) === 1) {
        void queryClient.invalidateQueries({ queryKey: key, exact: true });
      }
    },
  });
}

/** The media tab's searches and shelf changes (TanStack Query): each change shows at once and is undone if refused. */
import { type QueryKey, keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useDebouncedTerm } from "../../hooks/use-debounced-term.ts";
import { refusalText } from "../../lib/api.ts";
import { type Review, bookSearchQuery, movieSearchQuery } from "./api.ts";
import { type ListData, placeOf, withAdded, withItemAt, withReplaced, withoutItem } from "../../lib/paged-list.ts";

/** The spec's debounce for book and film search. */
export const SEARCH_DEBOUNCE_MS = 300;
/** The longest search the API takes. */
export const SEARCH_MAX = 200;

const toTerm = (text: string) => {
  const term = text.trim().slice(0, SEARCH_MAX);
  return term === "" ? null : term;
};

/**
 * A catalogue search as the person types: the term settles 300 ms after the last key, and only a
 * settled, non-empty term is asked for (each answer kept a while, so going back is instant).
 */
export function useBookSearch(text: string) {
  const { term, pending } = useDebouncedTerm(text, SEARCH_DEBOUNCE_MS, toTerm);
  // The last answer stays up while the next is on its way, so the list does not blink per key.
  const search = useQuery({
    ...bookSearchQuery(term ?? ""),
    enabled: term !== null,
    placeholderData: keepPreviousData,
  });
  return { term, pending, search };
}

export function useMovieSearch(text: string) {
  const { term, pending } = useDebouncedTerm(text, SEARCH_DEBOUNCE_MS, toTerm);
  const search = useQuery({
    ...movieSearchQuery(term ?? ""),
    enabled: term !== null,
    placeholderData: keepPreviousData,
  });
  return { term, pending, search };
}

interface ShelfChangesOptions<T extends { id: string }, A> {
  key: QueryKey;
  /** Adds what was picked (with its rating and notes); `shown` is the item the list shows meanwhile. */
  add: (input: A) => Promise<T>;
  shown: (input: A) => T;
  edit: (id: string, review: Review) => Promise<T>;
  remove: (id: string) => Promise<unknown>;
  /** What each failure says (the spec's words for a delete). */
  messages: { addFailed: (item: T) => string; editFailed: (item: T) => string; deleteFailed: string };
  onProblem: (message: string) => void;
}

/**
 * Adds, edits and deletes on a shelf. Each shows at once; a refusal undoes that one change (not
 * a snapshot of the whole shelf, which would also undo others on their way) and says so. The
 * shelf is read again when the last change has settled.
 */
export function useShelfChanges<T extends { id: string }, A>(options: ShelfChangesOptions<T, A>) {
  const { key, messages, onProblem } = options;
  const queryClient = useQueryClient();
  const mutationKey = [...key, "change"];
  const read = () => queryClient.getQueryData<ListData<T>>(key);
  const write = (change: (data: ListData<T>) => ListData<T>) =>
    queryClient.setQueryData<ListData<T>>(key, (data) => (data ? change(data) : data));
  const settle = () => {
    if (queryClient.isMutating({ mutationKey }) === 1)
      void queryClient.invalidateQueries({ queryKey: key, exact: true });
  };
  const before = async (id: string) => {
    await queryClient.cancelQueries({ queryKey: key, exact: true });
    const data = read();
    const place = placeOf(data, id);
    const previous = place ? (data!.pages[place.page]!.items[place.index] ?? null) : null;
    return { place, previous };
  };
  const say = (base: string, error: unknown) => {
    console.error(base, error);
    const why = refusalText(error);
    onProblem(why ? `${base} ${why}` : base);
  };

  const add = useMutation({
    mutationKey,
    mutationFn: options.add,
    onMutate: async (input) => {
      const item = options.shown(input);
      const context = await before(item.id);
      write((data) => withAdded(data, item));
      return { ...context, item };
    },
    onSuccess: (saved) => write((data) => withReplaced(data, saved)),
    onError: (error, input, context) => {
      const item = context?.item ?? options.shown(input);
      // A book that was on the shelf before keeps its old rating and notes; a new one goes again.
      if (context?.previous && context.place) {
        const { previous, place } = context;
        write((data) => withItemAt(withoutItem(data, item.id), previous, place));
      } else write((data) => withoutItem(data, item.id));
      say(messages.addFailed(item), error);
    },
    onSettled: settle,
  });

  const edit = useMutation({
    mutationKey,
    mutationFn: ({ item, review }: { item: T; review: Review }) => options.edit(item.id, review),
    onMutate: async ({ item, review }) => {
      const context = await before(item.id);
      write((data) => withReplaced(data, { ...item, ...review }));
      return context;
    },
    onSuccess: (saved) => write((data) => withReplaced(data, saved)),
    onError: (error, { item }, context) => {
      if (context?.previous) write((data) => withReplaced(data, context.previous!));
      say(messages.editFailed(item), error);
    },
    onSettled: settle,
  });

  const remove = useMutation({
    mutationKey,
    mutationFn: (item: T) => options.remove(item.id),
    onMutate: async (item) => {
      const context = await before(item.id);
      write((data) => withoutItem(data, item.id));
      return context;
    },
    onError: (error, item, context) => {
      if (context?.place) {
        const place = context.place;
        write((data) => withItemAt(data, context.previous ?? item, place));
      }
      console.error("delete failed", error);
      onProblem(messages.deleteFailed);
    },
    onSettled: settle,
  });

  return {
    add: add.mutate,
    edit: (item: T, review: Review) => edit.mutate({ item, review }),
    remove: remove.mutate,
  };
}

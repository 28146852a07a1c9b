import { type ReactNode, useId, useRef, useState } from "react";
import { type QueryKey, type UseQueryResult, infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import { Notice, OwnerList, type OwnerListRow } from "../../components/OwnerList.tsx";
import { Section } from "../../components/Section.tsx";
import type { Review } from "./api.ts";
import { CatalogueSearch, type ResultView } from "./CatalogueSearch.tsx";
import { Cover } from "./Cover.tsx";
import type { ParsedExport, UnreadableExport } from "./goodreads.ts";
import type { RowResult } from "./import-run.ts";
import { useShelfChanges } from "./hooks.ts";
import { ImportPanel } from "./ImportPanel.tsx";
import type { ShelfEntry } from "./media.ts";
import { ReviewForm } from "./ReviewForm.tsx";
import { Stars } from "./StarRating.tsx";
import { type ListData, type ListPage, listCount } from "../../lib/paged-list.ts";
import { useExportImport } from "./use-import.ts";

/** What every shelf holds: an id, and the person's rating and notes. */
type ShelfItem = { id: string } & Review;

/** A shelf read a page at a time, as `infiniteQueryOptions` makes it (the cursor is the page param). */
type ShelfQueryOptions<Item, Key extends QueryKey> = ReturnType<
  typeof infiniteQueryOptions<ListPage<Item>, Error, ListData<Item>, Key, string | null>
>;

/** A search result picked to add, with the rating and notes given it. */
export interface Picked<Result> {
  result: Result;
  review: Review;
}

/** A search result as the results list and the add form show it; `key` is the id it has on the shelf. */
export type PickedView = Omit<ResultView, "onShelf">;

/**
 * What sets the books section apart from the movies one: its words, test ids, catalogue, shelf
 * and export import. `Item` is what the shelf holds, `Result` what the catalogue answers, `Parsed`
 * an export's row as read and `Row` as the import sends it.
 */
export interface ShelfKind<Item extends ShelfItem, Result, Parsed, Row, Key extends QueryKey> {
  /** The one and the many ("book", "books"): the heading, the search, the add form's words. */
  noun: { one: string; many: string };
  placeholder: string;
  /** What the section says while the shelf is empty. */
  empty: string;
  testIds: { section: string; search: string; addForm: string; shelf: string; import: string };
  shelfQuery: (userId: string) => ShelfQueryOptions<Item, Key>;
  /** The catalogue search as the person types (a hook, called on every render). */
  useSearch: (text: string) => {
    term: string | null;
    pending: boolean;
    search: Pick<UseQueryResult<{ results: Result[] }>, "data" | "isFetching" | "error">;
  };
  viewResult: (result: Result) => PickedView;
  viewItem: (item: Item) => ShelfEntry;
  /** The item the list shows until the server has answered an add. */
  shown: (picked: Picked<Result>) => Item;
  add: (picked: Picked<Result>) => Promise<Item>;
  edit: (id: string, review: Review) => Promise<Item>;
  remove: (id: string) => Promise<unknown>;
  messages: { addFailed: (item: Item) => string; editFailed: (item: Item) => string; deleteFailed: string };
  exportImport: {
    title: string;
    /** How to get the export file, and what is imported from it. */
    help: ReactNode;
    parse: (text: string) => ParsedExport<Parsed> | UnreadableExport;
    toRow: (parsed: Parsed) => Row;
    titleOf: (parsed: Parsed) => string;
    send: (rows: Row[]) => Promise<{ results: RowResult[] }>;
  };
}

/**
 * A kind of shelf, its types read from what it is made of (the shelf query's key is a literal
 * tuple, too long to write out).
 */
export function shelfKind<Item extends ShelfItem, Result, Parsed, Row, Key extends QueryKey>(
  kind: ShelfKind<Item, Result, Parsed, Row, Key>,
) {
  return kind;
}

/** A book or film as its list shows it: its cover, title, byline, stars and notes. */
function shelfRow(entry: ShelfEntry): OwnerListRow {
  return {
    id: entry.id,
    title: entry.title,
    picture: <Cover url={entry.imageUrl} size="medium" />,
    text: (
      <>
        <span className="media-item__title">{entry.title}</span>
        {entry.byline && <span className="media-item__byline">{entry.byline}</span>}
        <Stars rating={entry.rating} />
      </>
    ),
    detail: entry.notes && <p className="media-item__notes">{entry.notes}</p>,
  };
}

/**
 * One of the person's lists (books, movies): find an item in the catalogue and add it with a
 * rating and notes, the list to edit, and an export's import.
 */
export function ShelfSection<Item extends ShelfItem, Result, Parsed, Row, Key extends QueryKey>(props: {
  kind: ShelfKind<Item, Result, Parsed, Row, Key>;
  userId: string;
}) {
  const { kind, userId } = props;
  const { noun, testIds } = kind;
  const headingId = useId();
  const shelfOptions = kind.shelfQuery(userId);
  const shelf = useInfiniteQuery(shelfOptions);
  const [problem, setProblem] = useState<string | null>(null);
  const [added, setAdded] = useState<string | null>(null);
  const [text, setText] = useState("");
  const [picked, setPicked] = useState<Result | null>(null);
  const searchBox = useRef<HTMLDivElement>(null);
  const { term, pending, search } = kind.useSearch(text);

  const changes = useShelfChanges<Item, Picked<Result>>({
    key: shelfOptions.queryKey,
    add: kind.add,
    shown: kind.shown,
    edit: kind.edit,
    remove: kind.remove,
    messages: kind.messages,
    onProblem: (message) => {
      setAdded(null);
      setProblem(message);
    },
  });

  const exportImport = useExportImport({ ...kind.exportImport, shelfKey: shelfOptions.queryKey });

  const onShelf = new Map((shelf.data?.pages ?? []).flatMap((p) => p.items).map((item) => [item.id, item] as const));
  const pickedView = picked ? kind.viewResult(picked) : null;
  const current = pickedView ? onShelf.get(pickedView.key) : undefined;
  const focusSearch = () => searchBox.current?.querySelector("input")?.focus();

  return (
    <Section
      title={noun.many}
      count={shelf.data ? listCount(shelf.data) : undefined}
      headingId={headingId}
      testId={testIds.section}
    >
      <div ref={searchBox}>
        <CatalogueSearch<Result>
          label={`find a ${noun.one}`}
          placeholder={kind.placeholder}
          noun={noun.many}
          text={text}
          onText={(next) => {
            setText(next);
            setPicked(null);
          }}
          term={picked ? null : term}
          pending={pending}
          search={search}
          view={(result) => {
            const view = kind.viewResult(result);
            return { ...view, onShelf: onShelf.has(view.key) };
          }}
          onPick={(result) => {
            setPicked(result);
            setProblem(null);
            setAdded(null);
          }}
          testId={testIds.search}
        />
      </div>

      {picked && pickedView && (
        <ReviewForm
          key={pickedView.key}
          initial={current ? { rating: current.rating, notes: current.notes } : undefined}
          submitLabel={`${current ? "save" : "add"} to your ${noun.many}`}
          onSubmit={(review) => {
            changes.add({ result: picked, review });
            setAdded(`added "${pickedView.title}" to your ${noun.many}.`);
            setPicked(null);
            setText("");
            focusSearch();
          }}
          onCancel={() => {
            setPicked(null);
            focusSearch();
          }}
          testId={testIds.addForm}
        >
          <div className="media-picked">
            <Cover url={pickedView.imageUrl} size="medium" />
            <div className="media-item__main">
              <span className="media-item__title">{pickedView.title}</span>
              <span className="media-item__byline">{pickedView.byline}</span>
              {current && (
                <span className="media-result__shelf">on your list: saving changes its rating and notes</span>
              )}
            </div>
          </div>
        </ReviewForm>
      )}

      <Notice problem={problem} done={added} onDismiss={() => setProblem(null)} testId={testIds.section} />

      <OwnerList<Item>
        list={shelf}
        what={`your ${noun.many}`}
        empty={kind.empty}
        row={(item) => shelfRow(kind.viewItem(item))}
        onDelete={(item) => {
          setProblem(null);
          setAdded(null);
          changes.remove(item);
        }}
        edit={(item, done) => {
          const entry = kind.viewItem(item);
          return (
            <ReviewForm
              initial={{ rating: entry.rating, notes: entry.notes }}
              submitLabel="save"
              onSubmit={(review) => {
                changes.edit(item, review);
                done();
              }}
              onCancel={done}
              testId="media-edit-form"
            />
          );
        }}
        labelledBy={headingId}
        testIds={{
          list: testIds.shelf,
          item: "media-item",
          delete: "media-delete",
          edit: "media-edit",
          more: "media-more",
        }}
      />

      <ImportPanel
        title={kind.exportImport.title}
        noun={noun.one}
        state={exportImport.state}
        onFile={(file, how) => void exportImport.start(file, how)}
        testId={testIds.import}
      >
        {kind.exportImport.help}
      </ImportPanel>
    </Section>
  );
}

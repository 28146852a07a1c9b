import { useId, useRef, useState } from "react";
import { useInfiniteQuery } from "@tanstack/react-query";
import { Section } from "../../components/Section.tsx";
import {
  type Book,
  type BookResult,
  type ImportedBookRow,
  type Review,
  addBook,
  bookShelfQuery,
  deleteBook,
  editBook,
  importBooks,
} from "./api.ts";
import { CatalogueSearch } from "./CatalogueSearch.tsx";
import { Cover } from "./Cover.tsx";
import { type GoodreadsBook, parseGoodreads } from "./goodreads.ts";
import { useBookSearch, useShelfChanges } from "./hooks.ts";
import { ImportPanel } from "./ImportPanel.tsx";
import { DELETE_BOOK_FAILED, MEDIA_TEXT, bookByline } from "./media.ts";
import { Notice, ShelfState } from "./ShelfState.tsx";
import { ReviewForm } from "./ReviewForm.tsx";
import { ShelfList } from "./ShelfList.tsx";
import { shelfCount } from "./shelf-cache.ts";
import { useExportImport } from "./use-import.ts";

interface PickedBook {
  result: BookResult;
  review: Review;
}

/** The book as the list shows it until the server has answered. */
function shownBook({ result, review }: PickedBook): Book {
  return {
    id: result.id,
    title: result.title,
    authors: result.authors,
    isbn: result.isbn,
    publication_date: result.publication_date,
    cover_image_url: result.cover_image_url,
    rating: review.rating,
    notes: review.notes,
    updated_at: new Date().toISOString(),
  };
}

function addPayload({ result, review }: PickedBook) {
  return addBook({
    id: result.id,
    rating: review.rating,
    notes: review.notes,
    title: result.title,
    authors: result.authors,
    isbn: result.isbn[0] ?? null,
    publication_date: result.publication_date,
    cover_image_url: result.cover_image_url,
    subjects: result.subjects,
  });
}

/** A Goodreads row as `add_from_csv` takes it. */
export function importedBookRow(book: GoodreadsBook): ImportedBookRow {
  return {
    title: book.title,
    idGoodreads: book.idGoodreads,
    author: book.author,
    additionalAuthors: book.additionalAuthors.join(", "),
    isbn: book.isbn,
    myRating: book.myRating ?? 0,
    dateRead: book.dateRead,
    publicationDate: book.publicationDate,
    exclusiveShelf: book.exclusiveShelf,
    review: book.review,
  };
}

const bookView = (book: Book) => ({
  id: book.id,
  title: book.title,
  byline: bookByline(book),
  imageUrl: book.cover_image_url,
  rating: book.rating,
  notes: book.notes,
});

/** The books list: find a book and add it with a rating and notes, the shelf to edit, and a Goodreads import. */
export function BooksSection({ userId }: { userId: string }) {
  const headingId = useId();
  const shelfOptions = bookShelfQuery(userId);
  const shelf = useInfiniteQuery(shelfOptions);
  const [problem, setProblem] = useState<string | null>(null);
  const [added, setAdded] = useState<string | null>(null);
  const [text, setText] = useState("");
  const [picked, setPicked] = useState<BookResult | null>(null);
  const searchBox = useRef<HTMLDivElement>(null);
  const { term, pending, search } = useBookSearch(text);

  const changes = useShelfChanges<Book, PickedBook>({
    key: shelfOptions.queryKey,
    add: addPayload,
    shown: shownBook,
    edit: editBook,
    remove: deleteBook,
    messages: {
      addFailed: (book) => MEDIA_TEXT.addBookFailed(book.title),
      editFailed: (book) => MEDIA_TEXT.editBookFailed(book.title),
      deleteFailed: DELETE_BOOK_FAILED,
    },
    onProblem: (message) => {
      setAdded(null);
      setProblem(message);
    },
  });

  const goodreads = useExportImport({
    parse: parseGoodreads,
    toRow: importedBookRow,
    titleOf: (book) => book.title,
    send: importBooks,
    shelfKey: shelfOptions.queryKey,
  });

  const onShelf = new Map((shelf.data?.pages ?? []).flatMap((p) => p.items).map((b) => [b.id, b] as const));
  const current = picked ? onShelf.get(picked.id) : undefined;
  const focusSearch = () => searchBox.current?.querySelector("input")?.focus();

  return (
    <Section title="books" count={shelf.data ? shelfCount(shelf.data) : undefined} headingId={headingId} testId="books">
      <div ref={searchBox}>
        <CatalogueSearch<BookResult>
          label="find a book"
          placeholder="title, author or ISBN"
          noun="books"
          text={text}
          onText={(next) => {
            setText(next);
            setPicked(null);
          }}
          term={picked ? null : term}
          pending={pending}
          search={search}
          view={(result) => ({
            key: result.id,
            title: result.title,
            byline: bookByline(result),
            imageUrl: result.cover_image_url,
            onShelf: onShelf.has(result.id),
          })}
          onPick={(result) => {
            setPicked(result);
            setProblem(null);
            setAdded(null);
          }}
          testId="book-search"
        />
      </div>

      {picked && (
        <ReviewForm
          key={picked.id}
          initial={current ? { rating: current.rating, notes: current.notes } : undefined}
          submitLabel={current ? "save to your books" : "add to your books"}
          onSubmit={(review) => {
            changes.add({ result: picked, review });
            setAdded(`added "${picked.title}" to your books.`);
            setPicked(null);
            setText("");
            focusSearch();
          }}
          onCancel={() => {
            setPicked(null);
            focusSearch();
          }}
          testId="book-add-form"
        >
          <div className="media-picked">
            <Cover url={picked.cover_image_url} size="medium" />
            <div className="media-item__main">
              <span className="media-item__title">{picked.title}</span>
              <span className="media-item__byline">{bookByline(picked)}</span>
              {current && (
                <span className="media-result__shelf">on your list: saving changes its rating and notes</span>
              )}
            </div>
          </div>
        </ReviewForm>
      )}

      <Notice problem={problem} done={added} onDismiss={() => setProblem(null)} testId="books" />

      <ShelfState
        shelf={shelf}
        what="your books"
        empty="no books yet. find one above, or import your Goodreads library below."
      >
        {(books) => (
          <ShelfList<Book>
            items={books}
            view={bookView}
            onEdit={changes.edit}
            onDelete={(book) => {
              setProblem(null);
              setAdded(null);
              changes.remove(book);
            }}
            labelledBy={headingId}
            testId="book-shelf"
          />
        )}
      </ShelfState>

      <ImportPanel
        title="import from Goodreads"
        noun="book"
        state={goodreads.state}
        onFile={(file, how) => void goodreads.start(file, how)}
        testId="goodreads"
      >
        <p>
          On Goodreads, open My Books, then Import and export, and export your library. Choose or drop the
          goodreads_library_export.csv it gives you. Books on your read shelf are added with your rating, date read and
          review; a book already here is updated, never added twice; to-read and other shelves are skipped.
        </p>
      </ImportPanel>
    </Section>
  );
}

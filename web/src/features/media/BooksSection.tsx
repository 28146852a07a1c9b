import {
  type Book,
  type BookResult,
  type ImportedBookRow,
  addBook,
  bookShelfQuery,
  deleteBook,
  editBook,
  importBooks,
} from "./api.ts";
import { type GoodreadsBook, parseGoodreads } from "./goodreads.ts";
import { useBookSearch } from "./hooks.ts";
import { DELETE_BOOK_FAILED, MEDIA_TEXT, bookByline } from "./media.ts";
import { type Picked, ShelfSection, shelfKind } from "./ShelfSection.tsx";

type PickedBook = Picked<BookResult>;

/** The book as the list shows it until the server has answered. */
function shownBook({ result, review }: PickedBook): Book {
  return {
    id: result.id,
    title: result.title,
    authors: result.authors,
    isbn: result.isbn,
    publication_date: result.publication_date,
    cover_image_url: result.cover_image_url,
    picture_url: result.picture_url,
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
  imageUrl: book.picture_url,
  rating: book.rating,
  notes: book.notes,
});

const BOOKS = shelfKind({
  noun: { one: "book", many: "books" },
  placeholder: "title, author or ISBN",
  empty: "no books yet. find one above, or import your Goodreads library below.",
  testIds: {
    section: "books",
    search: "book-search",
    addForm: "book-add-form",
    shelf: "book-shelf",
    import: "goodreads",
  },
  shelfQuery: bookShelfQuery,
  useSearch: useBookSearch,
  viewResult: (result) => ({
    key: result.id,
    title: result.title,
    byline: bookByline(result),
    imageUrl: result.picture_url,
  }),
  viewItem: bookView,
  shown: shownBook,
  add: addPayload,
  edit: editBook,
  remove: deleteBook,
  messages: {
    addFailed: (book) => MEDIA_TEXT.addBookFailed(book.title),
    editFailed: (book) => MEDIA_TEXT.editBookFailed(book.title),
    deleteFailed: DELETE_BOOK_FAILED,
  },
  exportImport: {
    title: "import from Goodreads",
    help: (
      <p>
        On Goodreads, open My Books, then Import and export, and export your library. Choose or drop the
        goodreads_library_export.csv it gives you. Books on your read shelf are added with your rating, date read and
        review; a book already here is updated, never added twice; to-read and other shelves are skipped.
      </p>
    ),
    parse: parseGoodreads,
    toRow: importedBookRow,
    titleOf: (book) => book.title,
    send: importBooks,
  },
});

/** The books list: find a book and add it with a rating and notes, the shelf to edit, and a Goodreads import. */
export function BooksSection({ userId }: { userId: string }) {
  return <ShelfSection kind={BOOKS} userId={userId} />;
}

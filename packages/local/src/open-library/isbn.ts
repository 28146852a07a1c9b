/** ISBN forms, so an ISBN-10 finds a book listed under its ISBN-13 and the other way round. */

/** Digits (and a final X) only: "978-0-399-59050-4" → "9780399590504". */
export function cleanIsbn(text: string): string {
  return text.toUpperCase().replace(/[^0-9X]/g, "");
}

/** The ISBN-13 of an ISBN-10 (978 prefix), or the ISBN-13 itself; undefined when neither. */
export function isbn13(isbn: string): string | undefined {
  const clean = cleanIsbn(isbn);
  if (/^97[89]\d{10}$/.test(clean)) return clean;
  if (!/^\d{9}[\dX]$/.test(clean)) return undefined;
  const body = `978${clean.slice(0, 9)}`;
  const sum = [...body].reduce((total, digit, i) => total + Number(digit) * (i % 2 === 0 ? 1 : 3), 0);
  return `${body}${(10 - (sum % 10)) % 10}`;
}

/** The ISBN-10 of a 978 ISBN-13 (979 ones have none), or the ISBN-10 itself. */
export function isbn10(isbn: string): string | undefined {
  const clean = cleanIsbn(isbn);
  if (/^\d{9}[\dX]$/.test(clean)) return clean;
  if (!/^978\d{10}$/.test(clean)) return undefined;
  const body = clean.slice(3, 12);
  const sum = [...body].reduce((total, digit, i) => total + Number(digit) * (10 - i), 0);
  const check = (11 - (sum % 11)) % 11;
  return `${body}${check === 10 ? "X" : check}`;
}

/** A count with its noun, in English: "1 book", "1,200 artists", "0 entries". */
export function counted(count: number, one: string, many = `${one}s`): string {
  return `${count.toLocaleString("en")} ${count === 1 ? one : many}`;
}

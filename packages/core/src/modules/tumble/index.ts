/**
 * Tumble-word lists: the random term Find's tumble button and its preset fill in. Every plan has
 * graph's built-in topics; plans with themed lists add the themes, a list made from the person's
 * own topics and what graph learnt of them, and one the person writes (see written.ts).
 */
export { lists, randomTerm, type TumbleListsView, type TumbleListView } from "./lists.ts";
export { addWritten, readWritten, replaceWritten, type WrittenListView } from "./written.ts";
export { personData } from "./person-data.ts";

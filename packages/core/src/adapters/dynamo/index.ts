/**
 * DynamoDB: the one client of graph's one table, and what every module's entities need of it —
 * conditional and transactional writes, batched reads, cursor pages and batched deletes.
 */
export * from "./db.ts";
export { pageOf } from "./paging.ts";
export { deleteKeys } from "./batch-delete.ts";
export { Entity } from "./lazy-entity.ts";

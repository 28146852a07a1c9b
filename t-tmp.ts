import { resourcesRead, unlinkedReads } from "./scripts/bundles/checks.ts";
import { functions } from "./packages/functions/src/functions.ts";
const t = performance.now();
const reads = await resourcesRead(functions);
console.log(performance.now() - t);
console.log(unlinkedReads(functions, reads));

/**
 * Trusts a suggested source on an operator's word, so its articles reach everyone's feed (and
 * search), not only the people who suggested it. On AWS, with the stage's resources linked:
 *
 *   npx sst shell --stage production -- npx tsx scripts/trust-source.ts <sourceId>
 *
 * Locally the same is `POST /api/dev/sources/<sourceId>/trust`.
 */
import { trustSource } from "@graph/core/workflows/source-trust";

const sourceId = process.argv[2];
if (!sourceId) {
  console.error("usage: tsx scripts/trust-source.ts <sourceId>");
  process.exit(2);
}
const source = await trustSource(sourceId);
if (!source) {
  console.error(`no source ${sourceId}`);
  process.exit(1);
}
console.log(`trusted ${source.sourceId} (${source.name}, ${source.feedUrl})`);

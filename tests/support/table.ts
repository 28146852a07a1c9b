import { ScanCommand, type AttributeValue } from "@aws-sdk/client-dynamodb";
import { dynamo, tableName } from "@graph/core/adapters/dynamo";

export type RawItem = Record<string, AttributeValue>;

/** Every item of the table (a Scan through all its pages): to prove nothing of a person is left. */
export async function scanTable(): Promise<RawItem[]> {
  const items: RawItem[] = [];
  let start: RawItem | undefined;
  do {
    const page = await dynamo().send(new ScanCommand({ TableName: tableName(), ExclusiveStartKey: start }));
    items.push(...(page.Items ?? []));
    start = page.LastEvaluatedKey;
  } while (start);
  return items;
}

/** The items whose attributes mention `text` anywhere (an id, an e-mail address). */
export const holding = (items: RawItem[], text: string) => items.filter((item) => JSON.stringify(item).includes(text));

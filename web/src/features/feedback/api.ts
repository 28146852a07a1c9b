/** The feedback page's one call: the note is mailed to the team. */
import { call } from "../../lib/api.ts";
import { client } from "../../lib/client.ts";

export const sendFeedback = (feedback: string) => call(client.api.users.feedback.$post({ json: { feedback } }));

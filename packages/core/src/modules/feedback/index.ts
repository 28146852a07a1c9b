import { Resource } from "sst";
import * as Email from "../email/index.ts";
import { unauthorized } from "../../lib/errors/index.ts";
import * as Users from "../users/index.ts";
import { MailQueue, enqueue } from "../../adapters/queues/index.ts";

/** Forwards a signed-in person's feedback to the team's address, through the mail queue. */
export async function send(userId: string, text: string): Promise<void> {
  const user = await Users.byId(userId);
  if (!user) throw unauthorized();
  await enqueue(MailQueue, [Email.templates.feedback(Resource.Config.teamEmail, user, text)]);
}

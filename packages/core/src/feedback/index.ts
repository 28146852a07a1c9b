import { Resource } from "sst";
import * as Email from "../email/index.ts";
import { unauthorized } from "../errors.ts";
import * as Users from "../users/index.ts";

/** Forwards a signed-in person's feedback to the team's address, through the mail queue. */
export async function send(userId: string, text: string): Promise<void> {
  const user = await Users.byId(userId);
  if (!user) throw unauthorized();
  await Email.enqueue(Email.templates.feedback(Resource.Config.teamEmail, user, text));
}

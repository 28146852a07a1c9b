import { Resource } from "sst";
import * as Email from "../email/index.ts";
import { unauthorized } from "../../lib/errors/index.ts";
import * as RateLimit from "../rate-limit/index.ts";
import * as Users from "../users/index.ts";
import { MESSAGES, ORG_REQUESTS_PER_HOUR } from "./rules.ts";
import { MailQueue, enqueue } from "../../adapters/queues/index.ts";

export interface OrgRequest {
  seats: number;
  organisation: string;
  message: string;
}

/**
 * Sends a person's org request to the team's address and a confirmation to the person, both
 * through the mail queue. Limited per person: each request mails the team.
 */
export async function requestOrg(userId: string, request: OrgRequest): Promise<void> {
  const user = await Users.byId(userId);
  if (!user) throw unauthorized();
  await RateLimit.enforce(
    { bucket: `org-request:${userId}`, max: ORG_REQUESTS_PER_HOUR, windowSeconds: 3600 },
    (wait) => MESSAGES.tooManyOrgRequests(RateLimit.minutesText(wait)),
  );
  await enqueue(MailQueue, [Email.templates.orgRequest(Resource.Config.teamEmail, user, request)]);
  await enqueue(MailQueue, [Email.templates.orgRequestReceived(user.email, request)]);
}

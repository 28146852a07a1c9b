import { SESv2Client } from "@aws-sdk/client-sesv2";
import { withoutSdkLogging } from "../aws/index.ts";

/** SES's client, imported by ses/index.ts at the first e-mail sent. */
export { SendEmailCommand } from "@aws-sdk/client-sesv2";

export const client = withoutSdkLogging(new SESv2Client({}));

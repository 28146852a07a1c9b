import { domain, isProduction, sender } from "./settings";

/**
 * With a custom domain, the domain itself is verified through DNS records in Route 53, so the
 * sender address at that domain needs no mailbox. Otherwise SES verifies the sender address by
 * mailing it a link.
 */
const domainIdentity =
  domain && sender.endsWith(`@${domain}`)
    ? new sst.aws.Email("EmailDomain", {
        sender: domain,
        dmarc: isProduction ? "v=DMARC1; p=quarantine; adkim=s; aspf=s;" : undefined,
      })
    : undefined;

/** The SES identity every e-mail is sent from (`Resource.Email.sender`). */
export const email = new sst.aws.Email("Email", { sender }, { dependsOn: domainIdentity ? [domainIdentity] : [] });

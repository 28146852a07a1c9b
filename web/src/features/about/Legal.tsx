import { Link } from "react-router-dom";
import { BackButton } from "../../components/BackButton.tsx";
import "./about.css";

const UPDATED = "last updated: 1 june 2025";

export function TermsPage() {
  return (
    <article className="page page--narrow legal" aria-labelledby="terms-heading">
      <BackButton />
      <p className="eyebrow">legal</p>
      <h1 id="terms-heading" className="page__title">
        terms of service
      </h1>
      <p className="fine-print">{UPDATED}</p>
      <div className="prose">
        <p>
          these terms govern your use of graph, a personalised content-discovery service with a social layer. by
          creating an account or using graph you agree to them. if you do not agree, please do not use the service.
        </p>

        <h2>1. your account</h2>
        <p>
          you must be at least 13 years old to use graph. you are responsible for the accuracy of the information you
          give us, for keeping your password private, and for everything that happens under your account. tell us
          promptly if you believe your account has been used without your permission.
        </p>

        <h2>2. what graph does</h2>
        <p>
          graph matches articles, videos and posts from public sources to the topics and aims you set, and lets you keep
          a public profile, follow other people and message them. recommendations are produced automatically; we do not
          promise that any item is accurate, complete, suitable or available, and links lead to third-party sites that
          we do not control.
        </p>

        <h2>3. acceptable use</h2>
        <p>you agree not to:</p>
        <ul>
          <li>harass, threaten, impersonate or deceive other people;</li>
          <li>
            post or send content that is unlawful, hateful, sexually exploitative or that infringes someone's rights;
          </li>
          <li>send spam, or use automated means to create accounts, scrape the service or overload it;</li>
          <li>probe, bypass or break our security or rate limits, or access data that is not yours.</li>
        </ul>
        <p>we may remove content or suspend accounts that break these rules.</p>

        <h2>4. your content</h2>
        <p>
          you keep ownership of what you write and upload — profile details, thoughts, photos and messages. you give us
          a worldwide, non-exclusive licence to store, display and transmit that content only as needed to run graph and
          show it to the people you choose. public profile content is visible to anyone with the link.
        </p>

        <h2>5. plans and payment</h2>
        <p>
          graph has a free plan and paid plans. paid plans are billed in advance through our payment provider and renew
          automatically until cancelled; you can cancel at any time from the billing portal and keep access until the
          end of the paid period. prices and plan limits are shown on the upgrade page and may change with notice. fees
          already paid are not refundable except where the law requires.
        </p>

        <h2>6. ending your use</h2>
        <p>
          you may stop using graph and delete your account at any time. we may suspend or end access if you breach these
          terms or if we must do so by law. sections that by their nature should survive — ownership, disclaimers,
          limits of liability — survive termination.
        </p>

        <h2>7. disclaimers and liability</h2>
        <p>
          graph is provided "as is" and "as available". to the fullest extent the law allows, we disclaim all implied
          warranties and are not liable for indirect, incidental or consequential losses, or for losses arising from
          third-party content. our total liability for any claim is limited to the amount you paid us in the twelve
          months before the claim. nothing here limits liability that cannot be limited by law.
        </p>

        <h2>8. changes</h2>
        <p>
          we may update these terms. if a change is significant we will tell you by e-mail or in the app before it takes
          effect. continuing to use graph after that means you accept the new terms.
        </p>

        <h2>9. contact</h2>
        <p>
          questions about these terms? write to us through the <Link to="/home/feedback">feedback page</Link> or reply
          to any e-mail we have sent you. see also our <Link to="/privacy-policy">privacy policy</Link>.
        </p>
      </div>
    </article>
  );
}

export function PrivacyPage() {
  return (
    <article className="page page--narrow legal" aria-labelledby="privacy-heading">
      <BackButton />
      <p className="eyebrow">legal</p>
      <h1 id="privacy-heading" className="page__title">
        privacy policy
      </h1>
      <p className="fine-print">{UPDATED}</p>
      <div className="prose">
        <p>
          this policy explains what graph collects, why, and the choices you have. we collect as little as we can to run
          a personalised feed and a small social layer, and we do not sell your personal information.
        </p>

        <h2>what we collect</h2>
        <ul>
          <li>
            <strong>account details</strong> — your e-mail address, username and a salted hash of your password (never
            the password itself).
          </li>
          <li>
            <strong>what you tell graph</strong> — your topics, aims, silenced and suggested sources, profile content,
            and the items you add to your graph.
          </li>
          <li>
            <strong>how you use the feed</strong> — which articles were shown to you and which you have seen, so we do
            not repeat them.
          </li>
          <li>
            <strong>messages</strong> — the content of your chats, stored so that you and the people you talk to can
            read them.
          </li>
          <li>
            <strong>technical data</strong> — a session cookie that keeps you signed in, and basic request logs (time,
            address, browser) used to keep the service secure and working.
          </li>
        </ul>

        <h2>how we use it</h2>
        <p>
          to build your feed, show your public profile, deliver messages, send the e-mails you ask for (verification
          codes, password resets, digests), process payments for paid plans, prevent abuse and improve graph. we do not
          use third-party advertising trackers.
        </p>

        <h2>who we share it with</h2>
        <p>
          only the providers that help us run graph — hosting, e-mail delivery and payment processing — under contracts
          that limit their use to providing that service to us, and authorities when the law requires it. whatever you
          put on your public profile is visible to anyone.
        </p>

        <h2>cookies and local storage</h2>
        <p>
          we use one essential session cookie. your browser also stores a few preferences on your device, such as dark
          mode and a cached copy of your feed; logging out removes the cached feed.
        </p>

        <h2>your choices and rights</h2>
        <p>
          you can view and change your topics, aims and profile at any time in settings, unsubscribe from digests from
          any digest e-mail, and ask for a copy of your data. you can delete your account from settings or by asking us;
          we delete your personal data within 30 days of the request, except where we must keep a record by law (for
          example, payment records).
        </p>

        <h2>children</h2>
        <p>
          graph is not for users under 13, and we do not knowingly collect information from children under 13. if you
          believe a child has created an account, contact us and we will delete it.
        </p>

        <h2>security</h2>
        <p>
          connections are encrypted, passwords are hashed, and access to personal data is limited to what is needed to
          operate the service. no system is perfectly secure; we will tell you promptly if a breach affects your data.
        </p>

        <h2>changes and contact</h2>
        <p>
          if we change this policy in a meaningful way we will let you know before it takes effect. questions or
          requests: use the <Link to="/home/feedback">feedback page</Link> or reply to any e-mail from graph. see also
          our <Link to="/terms-of-service">terms of service</Link>.
        </p>
      </div>
    </article>
  );
}

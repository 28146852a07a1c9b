import { useQuery } from "@tanstack/react-query";
import { subscriptionQuery } from "./api.ts";
import "./upgrade.css";

const day = (seconds: number) =>
  new Date(seconds * 1000).toLocaleDateString("en-US", { year: "numeric", month: "long", day: "numeric" });

/** Where the person's pro subscription stands: renewing, ending at the period's end, or a failed payment. */
export function SubscriptionNote({ userId }: { userId: string }) {
  const { data } = useQuery(subscriptionQuery(userId));
  const subscription = data?.subscription;
  if (!subscription) return null;
  if (subscription.status === "past_due") {
    return (
      <p className="plan__note plan__note--warning" role="status" data-testid="subscription-note">
        your last payment failed. update your card in the billing portal: pro stays while the payment is retried.
      </p>
    );
  }
  const end = subscription.currentPeriodEnd;
  return (
    <p className="plan__note" data-testid="subscription-note">
      {subscription.cancelAtPeriodEnd
        ? `cancelled: pro until ${end ? day(end) : "the end of the period"}.`
        : end
          ? `renews on ${day(end)}.`
          : "active."}
    </p>
  );
}

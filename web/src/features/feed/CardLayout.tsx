import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Section } from "../../components/Section.tsx";
import { QueryState } from "../../components/QueryState.tsx";
import { cardLayoutQuery, setCardLayout } from "./api.ts";
import { useForgetFeed } from "./forget-feed.ts";

/**
 * The feed's cards with pictures, or a denser list without them: kept per person on the server,
 * so every device shows the same. The feed is asked for again once it changes.
 */
export function CardLayout({ userId }: { userId: string }) {
  const state = useQuery(cardLayoutQuery(userId));
  const queryClient = useQueryClient();
  const forgetFeed = useForgetFeed(userId);
  const save = useMutation({
    mutationFn: setCardLayout,
    onSuccess: (answer) => {
      queryClient.setQueryData(cardLayoutQuery(userId).queryKey, answer);
      forgetFeed();
    },
  });
  return (
    <Section title="cards" testId="card-layout">
      <QueryState query={state} what="your card layout" keepDataOnError>
        {({ compactCards }) => {
          const checked = save.isPending && save.variables !== undefined ? save.variables : compactCards;
          return (
            <label className="tune-section__text">
              <input
                type="checkbox"
                checked={checked}
                disabled={save.isPending}
                onChange={(e) => save.mutate(e.target.checked)}
                data-testid="compact-cards"
              />{" "}
              compact list: titles and excerpts without pictures
            </label>
          );
        }}
      </QueryState>
    </Section>
  );
}

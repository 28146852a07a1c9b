import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Section } from "../../components/Section.tsx";
import { useToast } from "../../components/Toasts.tsx";
import { readingSettingsQuery, saveReadingSettings } from "../feed/index.ts";

const SAVE_FAILED = "failed to save the reading setting. please try again";

/** The feed tab's reading setting: open articles in graph's reader view, or on the publisher's site. */
export function ReadingSettings({ userId }: { userId: string }) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const query = useQuery(readingSettingsQuery(userId));
  const key = readingSettingsQuery(userId).queryKey;
  const save = useMutation({
    mutationFn: (openOnPublisher: boolean) => saveReadingSettings(openOnPublisher),
    onSuccess: (settings) => queryClient.setQueryData(key, settings),
    onError: () => toast.alert(SAVE_FAILED),
  });
  const on = save.isPending ? save.variables : (query.data?.openOnPublisher ?? false);
  return (
    <Section title="reading" testId="reading-settings">
      <label className="reading-setting">
        <input
          type="checkbox"
          checked={on}
          disabled={query.data === undefined || save.isPending}
          onChange={(e) => save.mutate(e.target.checked)}
          data-testid="open-on-publisher"
        />{" "}
        open articles on the publisher's site instead of graph's reader view
      </label>
    </Section>
  );
}

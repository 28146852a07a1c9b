/** Starting an OPML import (TanStack Query): the file is checked and read, sent, and the import read again. */
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { importQuery, startImport } from "./api.ts";
import { opmlFileProblem } from "./feed-imports.ts";

class FileProblem extends Error {}

export function useStartImport(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (file: File) => {
      // Checked before it is read: a file too large is never read whole.
      const problem = opmlFileProblem(file);
      if (problem) throw new FileProblem(problem);
      return startImport(file.name, await file.text());
    },
    onSuccess: () => queryClient.resetQueries({ queryKey: importQuery(userId).queryKey, exact: true }),
    onError: (error) => {
      if (!(error instanceof FileProblem)) console.error("starting an OPML import failed", error);
    },
  });
}

export const isFileProblem = (error: unknown): error is Error => error instanceof FileProblem;

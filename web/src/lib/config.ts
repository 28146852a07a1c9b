import { useQuery } from "@tanstack/react-query";
import { call } from "./api.ts";
import { client } from "./client.ts";

export function usePublicConfig() {
  return useQuery({
    queryKey: ["config"],
    queryFn: () => call(client.api.config.$get(), { logoutOn401: false }),
    staleTime: Infinity,
    retry: false,
  });
}

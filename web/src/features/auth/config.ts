import { useQuery } from "@tanstack/react-query";
import { call } from "../../lib/api.ts";
import { client } from "../../lib/client.ts";

export function usePublicConfig() {
  return useQuery({
    queryKey: ["config"],
    queryFn: () => call(client.api.config.$get(), { logoutOn401: false }),
    staleTime: Infinity,
    retry: false,
  });
}

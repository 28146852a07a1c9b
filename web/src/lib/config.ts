import { useQuery } from "@tanstack/react-query";
import { api } from "./api.ts";

export interface PublicConfig {
  googleSignIn: boolean;
}

export function usePublicConfig() {
  return useQuery({
    queryKey: ["config"],
    queryFn: () => api.get<PublicConfig>("/api/config", { logoutOn401: false }),
    staleTime: Infinity,
    retry: false,
  });
}

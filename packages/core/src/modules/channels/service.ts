// packages/core/src/modules/channels/service.ts
export type ChannelKind = "slack" | "discord";
export interface PicksMessage {
  /** e.g. "your graph picks for Friday" */
  header: string;
  items: Array<{ title: string; link: string; source: string; why: string }>;
  /** A closing line, e.g. where to change what is sent. */
  footer?: string;
}
export type PostResult = { ok: true } | { ok: false; gone: true } | { ok: false; retryAfterMs: number };
export interface ChannelService {
  kind: ChannelKind;
  /** Whether keys are set (locally the stand-in is always "set"). */
  isConfigured(): boolean;
  /** The consent page address for a new connect (state, and PKCE where the service supports it). */
  authorizeUrl(state: string, codeVerifier: string | null): URL;
  /** Exchanges the code: the channel the person chose on the service's page, with its webhook. */
  exchange(code: string, codeVerifier: string | null): Promise<{
    webhookUrl: string; channelName: string; workspaceId: string; workspaceName: string; accessToken?: string;
  }>;
  /** Posts the picks (rendered as the service's rich format within its limits) or a plain text. */
  post(webhookUrl: string, message: PicksMessage | { text: string }): Promise<PostResult>;
  /** Revokes the grant where the service allows it (best effort, never throws). */
  revoke(accessToken: string | undefined, webhookUrl: string): Promise<void>;
}

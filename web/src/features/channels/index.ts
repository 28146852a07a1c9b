/** The Slack and Discord bot's channels, on the settings' feed tab. */
export { ChannelsSection } from "./Channels.tsx";

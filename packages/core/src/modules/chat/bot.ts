/** The bot's user id: reserved, never an account's (accounts get UUIDs). */
export const BOT_USER_ID = "graph-bot";

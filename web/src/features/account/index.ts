/** Deleting the account, shown on the profile tab of settings. */
export { DeleteAccount } from "./DeleteAccount.tsx";

/** Where checkout returns: the upgrade's confirmation, shown above whatever page it returns to. */
export { UpgradeConfirmation } from "./UpgradeConfirmation.tsx";

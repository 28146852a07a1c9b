/** The screens pages are audited and tested on. */
export interface Viewport {
  width: number;
  height: number;
  mobile: boolean;
}

export const DESKTOP: Viewport = { width: 1350, height: 940, mobile: false };
/** A common phone (iPhone 12–15 class). */
export const PHONE: Viewport = { width: 390, height: 844, mobile: true };

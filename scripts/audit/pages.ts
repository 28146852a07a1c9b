import type { Category } from "./lighthouse.ts";
import { DESKTOP, PHONE, type Viewport } from "./viewports.ts";

export interface AuditPage {
  label: string;
  path: string;
  viewport: Viewport;
  signedIn: boolean;
  /** A selector that shows the page has its content (not just the loading state), or several, each to be there. */
  ready: string | string[];
  /** Lighthouse scores this page must reach; pages without goals are reported only. */
  goals?: Partial<Record<Category, number>>;
}

const LOGIN_GOALS = { performance: 95, accessibility: 100, "best-practices": 100, seo: 100 };

export const PAGES: AuditPage[] = [
  {
    label: "/login",
    path: "/login",
    viewport: DESKTOP,
    signedIn: false,
    ready: '[data-testid="login-identifier"]',
    goals: LOGIN_GOALS,
  },
  { label: "/home", path: "/home", viewport: DESKTOP, signedIn: true, ready: '[data-testid="feed-article"]' },
  { label: "/home/find", path: "/home/find", viewport: DESKTOP, signedIn: true, ready: '[data-testid="find-page"]' },
  { label: "/home/tune", path: "/home/tune", viewport: DESKTOP, signedIn: true, ready: '[data-testid="topic"]' },
  {
    label: "/home/tune?tab=feed",
    path: "/home/tune?tab=feed",
    viewport: DESKTOP,
    signedIn: true,
    ready: '[data-testid="digest-wanted"]',
  },
  {
    label: "/login 390px",
    path: "/login",
    viewport: PHONE,
    signedIn: false,
    ready: '[data-testid="login-identifier"]',
    goals: LOGIN_GOALS,
  },
  { label: "/home 390px", path: "/home", viewport: PHONE, signedIn: true, ready: '[data-testid="feed-article"]' },
  { label: "/home/tune 390px", path: "/home/tune", viewport: PHONE, signedIn: true, ready: '[data-testid="topic"]' },
  {
    label: "/unsubscribe-success",
    path: "/unsubscribe-success",
    viewport: DESKTOP,
    signedIn: false,
    ready: '[data-testid="go-home"]',
  },
];

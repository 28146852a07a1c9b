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
  /** axe violations of any impact miss a goal (otherwise only serious and critical ones do). */
  axeAnyImpact?: boolean;
  /** The page's Largest Contentful Paint must be this element (a selector Lighthouse's node must match). */
  lcp?: { selector: string; what: string };
}

/** What the audit needs to name the pages of one person: the reader view's article and the profile's name. */
interface AuditSubjects {
  username: string;
  readerArticleId: string;
}

const LOGIN_GOALS = { performance: 95, accessibility: 100, "best-practices": 100, seo: 100 };
/** The reading pages (issue 35): the feed with pictures, the reader view and a profile. */
const READING_GOALS = { performance: 95, accessibility: 100, "best-practices": 100 };

/** The first card's picture: the feed's largest paint, served at its size. */
const FIRST_PICTURE = '[data-testid="feed-article"] img[data-testid="article-picture"]';
const FEED_LCP = { selector: FIRST_PICTURE, what: "the first card's picture" };

export function auditPages({ username, readerArticleId }: AuditSubjects): AuditPage[] {
  const reading = (label: string, path: string, viewport: Viewport, signedIn: boolean, ready: string | string[]) => ({
    label,
    path,
    viewport,
    signedIn,
    ready,
    goals: READING_GOALS,
    axeAnyImpact: true,
  });
  return [
    {
      label: "/login",
      path: "/login",
      viewport: DESKTOP,
      signedIn: false,
      ready: '[data-testid="login-identifier"]',
      goals: LOGIN_GOALS,
    },
    { ...reading("/home", "/home", DESKTOP, true, FIRST_PICTURE), lcp: FEED_LCP },
    { ...reading("/home 390px", "/home", PHONE, true, FIRST_PICTURE), lcp: FEED_LCP },
    reading("/home/read", `/home/read/${readerArticleId}`, DESKTOP, true, '[data-testid="reader-body"]'),
    reading("/home/read 390px", `/home/read/${readerArticleId}`, PHONE, true, '[data-testid="reader-body"]'),
    reading("/{username}", `/${username}`, DESKTOP, false, '[data-testid="profile-page"]'),
    reading("/{username} 390px", `/${username}`, PHONE, false, '[data-testid="profile-page"]'),
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
    { label: "/home/tune 390px", path: "/home/tune", viewport: PHONE, signedIn: true, ready: '[data-testid="topic"]' },
    {
      label: "/unsubscribe-success",
      path: "/unsubscribe-success",
      viewport: DESKTOP,
      signedIn: false,
      ready: '[data-testid="go-home"]',
    },
  ];
}

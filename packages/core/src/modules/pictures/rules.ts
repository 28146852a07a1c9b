/** Pictures of articles: their limits, widths and how a page shows them (pure: the web app and infra may import it). */
/**
 * Pictures of articles (cards, the reader view), fetched from their sites and served from
 * graph's origin: checked by their bytes and sizes, kept as WebP at these widths.
 */
export const PICTURE_LIMITS = {
  /** Bytes of a picture as fetched, counted while it streams in: a larger one is cut off and refused. */
  maxBytes: 8 * 1024 * 1024,
  /** Largest picture decoded (width × height, read from its header first): 25 MP, a 6000 × 4000 photo. */
  maxPixels: 25_000_000,
  /** The whole fetch, redirects and a slow drip of a body included. */
  totalTimeoutMs: 10_000,
  connectTimeoutMs: 4_000,
  maxRedirects: 3,
} as const;

/** The widths kept of each picture: a card on a phone (and list density), and on a desktop or a 2× phone. */
export const PICTURE_WIDTHS = { small: 320, large: 640 } as const;

/** A stored picture as an article keeps it: its content address and the large variant's size. */
export interface PictureRef {
  key: string;
  width: number;
  height: number;
}

/** A `PictureRef` as an ElectroDB attribute: the article and the feed session's picks keep it alike. */
export const PICTURE_ATTRIBUTE = {
  type: "map",
  properties: {
    key: { type: "string", required: true },
    width: { type: "number", required: true },
    height: { type: "number", required: true },
  },
} as const;

/** The width of the small variant of a picture whose large one is `width` wide (never enlarged). */
export const smallWidth = (width: number) => Math.min(PICTURE_WIDTHS.small, width);

/**
 * Where the pictures live in the Images bucket: beside the profile photos under `public/`, which
 * the CDN (and the local runtime) serves at `/media/` with the same immutable caching.
 */
export const PICTURES_KEY_PREFIX = "public/pictures/";
export const variantKey = (key: string, width: number) => `${PICTURES_KEY_PREFIX}${key}/${width}.webp`;
const variantPath = (key: string, width: number) => `/media/pictures/${encodeURIComponent(key)}/${width}.webp`;

/** A picture as a page shows it: the large variant, the two widths for `srcset`, its size. */
export interface ProxiedPicture {
  src: string;
  srcset: string;
  width: number;
  height: number;
}

/**
 * How a page shows a stored picture: both widths on graph's own origin (origin-relative
 * addresses: the pages showing them are graph's), the large one as `src`.
 */
export function pictureView(picture: PictureRef): ProxiedPicture {
  const small = smallWidth(picture.width);
  const large = variantPath(picture.key, PICTURE_WIDTHS.large);
  return {
    src: large,
    srcset:
      small < picture.width
        ? `${variantPath(picture.key, PICTURE_WIDTHS.small)} ${small}w, ${large} ${picture.width}w`
        : `${large} ${picture.width}w`,
    width: picture.width,
    height: picture.height,
  };
}

/**
 * Where a page loads an outside picture named in an answer (a cover, a poster, album art, a
 * channel's thumbnail): graph's proxy route, with the address and graph's signature of it
 * (signed.ts). It answers with a redirect to the picture's kept variant under `/media/`.
 */
export const PICTURE_ROUTE = "/api/pictures";
/** The longest outside picture address graph signs (a longer one shows no picture). */
export const PICTURE_ADDRESS_MAX = 2048;
/** How long a browser keeps the route's redirect to a kept picture, and its "no picture" answer. */
export const PICTURE_ROUTE_CACHE = { keptSeconds: 7 * 24 * 60 * 60, refusedSeconds: 10 * 60 } as const;

/** The variant a small picture (a cover, a thumbnail, an avatar) is shown at: the small width when kept. */
export function smallPictureSrc(picture: PictureRef): string {
  const small = smallWidth(picture.width);
  return variantPath(picture.key, small < picture.width ? PICTURE_WIDTHS.small : PICTURE_WIDTHS.large);
}

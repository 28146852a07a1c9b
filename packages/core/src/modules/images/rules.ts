/** Limits and messages of profile photos: the server enforces them, the page checks them first too. */
export const IMAGE_TYPES = ["image/jpeg", "image/png", "image/webp", "image/gif"] as const;
export type ImageType = (typeof IMAGE_TYPES)[number];

export const IMAGE_LIMITS = {
  /** Bytes of one file as uploaded (the presigned policy enforces it at the bucket). */
  maxBytes: 5 * 1024 * 1024,
  /** Photos a person has at most. */
  maxImages: 50,
  /** Files one request may presign or confirm (a confirm reads and converts each one). */
  perRequest: 10,
  /** How long a presigned upload stays usable. */
  uploadSeconds: 10 * 60,
  /** Largest decoded picture accepted (width × height), so a tiny file cannot inflate to gigabytes. */
  maxPixels: 50_000_000,
  /** Longest file name kept (only shown back in answers). */
  maxNameLength: 255,
} as const;

/** The WebP variants kept of each photo: the longest side, or a square crop for the thumbnail. */
export const IMAGE_VARIANTS = {
  full: { size: 1600, fit: "inside" },
  thumb: { size: 400, fit: "cover" },
} as const;

export const IMAGE_MESSAGES = {
  /** Prefixed with the file's name: "cat.png is too large. Max file size is 5MB." */
  tooLarge: (name: string) => `${name} is too large. Max file size is 5MB.`,
  notAnImage: (name: string) => `${name} is not a JPEG, PNG, WebP or GIF image.`,
  tooMany: "You can only add 50 photos in total.",
  noFiles: "No files to upload.",
  noUser: "User ID is required to upload images.",
  tooManyAtOnce: `Upload at most ${IMAGE_LIMITS.perRequest} photos at a time.`,
  uploadMissing: (name: string) => `${name} was not uploaded, or its upload expired. Please try again.`,
  notYours: "You can only change your own photos.",
  notFound: "No such photo.",
  onePrimary: "Only one photo can be the primary one.",
  /** "1 image was blocked …" / "3 images were blocked …", then each name and reason. */
  blocked: (n: number) => `${n} ${n === 1 ? "image was" : "images were"} blocked for inappropriate content:`,
} as const;

export const isImageType = (type: string): type is ImageType => (IMAGE_TYPES as readonly string[]).includes(type);

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

/** The picture types accepted, by their bytes: no SVG (a document, with scripts), nothing else. */
export const PICTURE_TYPES = ["image/jpeg", "image/png", "image/webp", "image/gif", "image/avif"] as const;
export type PictureType = (typeof PICTURE_TYPES)[number];

/** A stored picture as an article keeps it: its content address and the large variant's size. */
export interface PictureRef {
  key: string;
  width: number;
  height: number;
}

/** The width of the small variant of a picture whose large one is `width` wide (never enlarged). */
export const smallWidth = (width: number) => Math.min(PICTURE_WIDTHS.small, width);

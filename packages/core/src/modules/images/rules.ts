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

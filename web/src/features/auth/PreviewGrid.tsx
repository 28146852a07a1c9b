import { useState } from "react";
import "./auth.css";

export const PREVIEW_IMAGE_COUNT = 62;
const SHOWN = 3;

export function previewSrc(n: number): string {
  return `/preview/${String(n).padStart(2, "0")}.svg`;
}

function randomInt(max: number): number {
  return Math.floor(Math.random() * max);
}

/** Picks `count` distinct image numbers in 1..total. */
export function pickDistinct(count: number, total: number): number[] {
  const picked = new Set<number>();
  while (picked.size < Math.min(count, total)) picked.add(randomInt(total) + 1);
  return [...picked];
}

/** A number in 1..total that is not in `shown`. */
export function pickOther(shown: readonly number[], total: number): number {
  const pool: number[] = [];
  for (let n = 1; n <= total; n++) if (!shown.includes(n)) pool.push(n);
  return pool[randomInt(pool.length)] ?? shown[0] ?? 1;
}

export function PreviewGrid() {
  const [images, setImages] = useState(() => pickDistinct(SHOWN, PREVIEW_IMAGE_COUNT));

  const swap = (index: number) =>
    setImages((current) => current.map((n, i) => (i === index ? pickOther(current, PREVIEW_IMAGE_COUNT) : n)));

  return (
    <div className="preview-grid" data-testid="preview-grid">
      {images.map((n, i) => (
        <button
          key={i}
          type="button"
          className="preview-grid__item"
          onClick={() => swap(i)}
          aria-label={`show another image (${i + 1} of ${SHOWN})`}
          data-testid={`preview-image-${i}`}
          data-image={n}
        >
          <img src={previewSrc(n)} alt="" width={400} height={400} loading="eager" draggable={false} />
        </button>
      ))}
    </div>
  );
}

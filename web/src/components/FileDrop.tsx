import { type DragEvent, useId, useState } from "react";
import "./file-import.css";

interface FileDropProps {
  /** The file input's `accept` (a hint to the picker; the file is still checked when it arrives). */
  accept: string;
  chooseLabel: string;
  /** What may be dropped, and how large ("or drop it here (2 MB at most)"). */
  limit: string;
  busy: boolean;
  onFile: (file: File, how: "chosen" | "dropped") => void;
  /** `<testId>-file` names the input, `<testId>-drop` the drop area. */
  testId: string;
}

/** Where an import's file comes in: a button opening the file picker, or a file dropped on the area. */
export function FileDrop({ accept, chooseLabel, limit, busy, onFile, testId }: FileDropProps) {
  const inputId = useId();
  const [dragging, setDragging] = useState(false);

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    if (busy) return;
    const file = event.dataTransfer.files[0];
    if (file) onFile(file, "dropped");
  };

  return (
    <div
      className="media-drop"
      data-dragging={dragging || undefined}
      onDragOver={(event) => {
        event.preventDefault();
        if (!busy) setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
      data-testid={`${testId}-drop`}
    >
      <input
        id={inputId}
        type="file"
        accept={accept}
        className="visually-hidden"
        disabled={busy}
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = "";
          if (file) onFile(file, "chosen");
        }}
        data-testid={`${testId}-file`}
      />
      <label htmlFor={inputId} className="button button--outline media-drop__choose" aria-disabled={busy || undefined}>
        {chooseLabel}
      </label>
      <span className="media-drop__or">{limit}</span>
    </div>
  );
}

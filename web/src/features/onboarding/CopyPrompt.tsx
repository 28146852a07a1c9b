import { useEffect, useId, useRef, useState } from "react";
import "./onboarding.css";

export const COPIED_MS = 1500;

/** Copies text with the Clipboard API, falling back to a hidden textarea where that is refused. */
async function copyText(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // fall through to the older path
  }
  const area = document.createElement("textarea");
  area.value = text;
  area.setAttribute("readonly", "");
  area.style.position = "fixed";
  area.style.opacity = "0";
  document.body.appendChild(area);
  area.select();
  let ok = false;
  try {
    ok = document.execCommand("copy");
  } catch {
    ok = false;
  }
  area.remove();
  return ok;
}

interface CopyPromptProps {
  prompt: string;
  testId: string;
  label: string;
}

/** A prompt to paste into an AI chat, with a copy button that reads 'copied!' for 1.5 s. */
export function CopyPrompt({ prompt, testId, label }: CopyPromptProps) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const textRef = useRef<HTMLParagraphElement>(null);
  const textId = useId();

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  const onCopy = async () => {
    const ok = await copyText(prompt);
    if (!ok) {
      // Leave the prompt selected so it can be copied by hand.
      const node = textRef.current;
      const selection = window.getSelection();
      if (node && selection) {
        const range = document.createRange();
        range.selectNodeContents(node);
        selection.removeAllRanges();
        selection.addRange(range);
      }
      return;
    }
    setCopied(true);
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), COPIED_MS);
  };

  return (
    <figure className="prompt-card">
      <figcaption className="prompt-card__label">{label}</figcaption>
      <p className="prompt-card__text" id={textId} ref={textRef}>
        {prompt}
      </p>
      <div className="prompt-card__actions">
        <button
          type="button"
          className="button button--outline prompt-card__copy"
          data-testid={testId}
          aria-describedby={textId}
          onClick={() => void onCopy()}
        >
          {copied ? "copied!" : "copy prompt"}
        </button>
        <span className="visually-hidden" role="status">
          {copied ? "prompt copied" : ""}
        </span>
      </div>
    </figure>
  );
}

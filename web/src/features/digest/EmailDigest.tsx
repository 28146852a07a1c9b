import { useId, useMemo } from "react";
import {
  DIGEST_LAST_MINUTE,
  DIGEST_STEP_MINUTES,
  isDigestTimeZone,
  localTimeOf,
} from "@graph/core/modules/digest/rules";
import { useQuery } from "@tanstack/react-query";
import { digestPreferencesQuery, type DigestPreferences } from "./api.ts";
import {
  SAVE_STATE_TEXT,
  browserTimeZone,
  defaultDigestZone,
  formatDigestTime,
  sliderMinutes,
  withGuessedZone,
  zoneOptions,
} from "./digest.ts";
import { QueryState } from "../../components/QueryState.tsx";
import { Section } from "../../components/Section.tsx";
import { useDigestForm } from "./hooks.ts";
import { AdvancedDigest } from "./AdvancedDigest.tsx";
import "./digest.css";

/**
 * The e-mail digest: whether to get it, at what local time, in which zone; on pro and org also
 * on which days, at up to three times, with which sections.
 */
export function EmailDigest({ userId }: { userId: string }) {
  const preferences = useQuery(digestPreferencesQuery(userId));
  return (
    <Section title="daily e-mail digest" testId="email-digest">
      <QueryState query={preferences} what="your digest settings" keepDataOnError>
        {(saved) => <DigestForm userId={userId} saved={saved} />}
      </QueryState>
    </Section>
  );
}

function DigestForm({ userId, saved }: { userId: string; saved: DigestPreferences }) {
  // Someone who never chose a zone starts in the browser's (or the nearest offered), not in the
  // list's default; it is saved with turning the digest on.
  const guessed = useMemo(() => defaultDigestZone(browserTimeZone(), new Date()), []);
  const start = withGuessedZone(saved, guessed);
  const form = useDigestForm(userId, start);
  const { shown, state, saveNow, saveSoon } = form;
  const timeId = useId();
  const zoneId = useId();
  const hintId = useId();
  // Offsets as of when the form opened: summer time rarely changes while a person looks.
  const zones = useMemo(() => zoneOptions(new Date()), []);
  const minutes = sliderMinutes(shown.localTime);
  const time = formatDigestTime(minutes);
  const off = !shown.wantsEmailDigest;

  return (
    <div className="digest">
      <label className="digest__toggle">
        <input
          type="checkbox"
          checked={shown.wantsEmailDigest}
          onChange={(event) =>
            saveNow(
              event.target.checked && start.timezone !== saved.timezone
                ? { wantsEmailDigest: true, timezone: start.timezone }
                : { wantsEmailDigest: event.target.checked },
            )
          }
          data-testid="digest-wanted"
        />
        <span>send me a daily e-mail digest</span>
      </label>
      <p id={hintId} className="fine-print">
        {off
          ? "turn the digest on to choose its time and time zone."
          : "your best new articles, once a day at the time you choose."}
      </p>
      <div className="digest__fields">
        <div className="digest__field">
          <div className="digest__field-head">
            <label htmlFor={timeId} className="tune-form__label">
              time of day
            </label>
            <output htmlFor={timeId} className="digest__time" data-testid="digest-time-shown">
              {time}
            </output>
          </div>
          <input
            id={timeId}
            className="digest__slider"
            type="range"
            min={0}
            max={DIGEST_LAST_MINUTE}
            step={DIGEST_STEP_MINUTES}
            value={minutes}
            aria-valuetext={time}
            aria-describedby={off ? hintId : undefined}
            disabled={off}
            onChange={(event) => saveSoon({ localTime: localTimeOf(Number(event.target.value)) })}
            data-testid="digest-time"
          />
        </div>
        <div className="digest__field">
          <div className="digest__field-head">
            <label htmlFor={zoneId} className="tune-form__label">
              time zone
            </label>
          </div>
          <select
            id={zoneId}
            className="digest__zone"
            value={shown.timezone}
            aria-describedby={off ? hintId : undefined}
            disabled={off}
            onChange={(event) => {
              const zone = event.target.value;
              if (isDigestTimeZone(zone)) saveSoon({ timezone: zone });
            }}
            data-testid="digest-zone"
          >
            {zones.map((option) => (
              <option key={option.zone} value={option.zone}>
                {option.text}
              </option>
            ))}
          </select>
        </div>
      </div>
      <AdvancedDigest saved={saved} form={form} />
      <p
        className={`digest__state digest__state--${state} fine-print`}
        role="status"
        aria-live="polite"
        data-testid="digest-state"
        data-state={state}
      >
        {SAVE_STATE_TEXT[state]}
      </p>
    </div>
  );
}

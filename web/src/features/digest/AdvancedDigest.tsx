import { useId } from "react";
import {
  DIGEST_DAYS,
  DIGEST_LAST_MINUTE,
  DIGEST_MAX_TIMES,
  DIGEST_STEP_MINUTES,
  advancedPaused,
  localTimeOf,
  type DigestDay,
  type DigestSections,
} from "@graph/core/modules/digest/rules";
import { PlanUpgradeNote, usePlanIncludes } from "../billing/index.ts";
import type { DigestPreferences } from "./api.ts";
import { SECTION_LABELS, formatDigestTime, freeTimeAfter, sliderMinutes } from "./digest.ts";
import type { DigestForm } from "./hooks.ts";

/**
 * The advanced digest's settings (pro and org): the days, up to two more times a day, and the
 * sections. A plan without them sees them closed, with the upgrade link; settings saved on a
 * plan with them are kept and said to be paused.
 */
export function AdvancedDigest({ saved, form }: { saved: DigestPreferences; form: DigestForm }) {
  const included = usePlanIncludes("advancedDigests");
  const { shown, saveNow, saveSoon } = form;
  const closed = !included || !shown.wantsEmailDigest;
  const headingId = useId();
  const moreTimes = shown.times.slice(1);
  // The first time is the form's own slider (localTime), which may have changed since.
  const timesWith = (more: string[]) => [shown.localTime, ...more];

  return (
    <fieldset className="digest__advanced" aria-labelledby={headingId} disabled={closed} data-testid="digest-advanced">
      <h3 id={headingId} className="digest__advanced-title">
        advanced digest
      </h3>
      {!included &&
        (advancedPaused(saved) ? (
          <PlanUpgradeNote feature="advancedDigests">
            your days, extra times and sections from people you follow are paused: the standard digest goes out every
            day at {formatDigestTime(sliderMinutes(saved.localTime))}. they apply again when you upgrade.
          </PlanUpgradeNote>
        ) : (
          <PlanUpgradeNote feature="advancedDigests">
            choose the days, up to {DIGEST_MAX_TIMES} times a day and sections from the people you follow on pro.
          </PlanUpgradeNote>
        ))}

      <div className="digest__group" role="group" aria-label="days">
        <span className="tune-form__label">days</span>
        <div className="digest__days">
          {DIGEST_DAYS.map((day) => {
            const on = shown.days.includes(day);
            return (
              <label key={day} className="digest__day">
                <input
                  type="checkbox"
                  checked={on}
                  // The last day left stays: a digest goes out on at least one.
                  disabled={closed || (on && shown.days.length === 1)}
                  onChange={(event) => saveNow({ days: withDay(shown.days, day, event.target.checked) })}
                  data-testid={`digest-day-${day}`}
                />
                <span>{day}</span>
              </label>
            );
          })}
        </div>
      </div>

      <div className="digest__group">
        <span className="tune-form__label">more times a day</span>
        {moreTimes.map((time, i) => (
          <MoreTime
            key={i}
            number={i + 2}
            time={time}
            disabled={closed}
            onChange={(next) => saveSoon({ times: timesWith(moreTimes.map((t, j) => (j === i ? next : t))) })}
            onRemove={() => saveNow({ times: timesWith(moreTimes.filter((_, j) => j !== i)) })}
          />
        ))}
        {moreTimes.length + 1 < DIGEST_MAX_TIMES && (
          <button
            type="button"
            className="button button--outline digest__add-time"
            onClick={() => saveNow({ times: timesWith([...moreTimes, freeTimeAfter(timesWith(moreTimes))]) })}
            data-testid="digest-add-time"
          >
            add a time
          </button>
        )}
      </div>

      <div className="digest__group" role="group" aria-label="sections">
        <span className="tune-form__label">sections</span>
        {(Object.keys(SECTION_LABELS) as Array<keyof DigestSections>).map((key) => (
          <label key={key} className="digest__toggle digest__toggle--small">
            <input
              type="checkbox"
              checked={shown.sections[key]}
              onChange={(event) => saveNow({ sections: { ...shown.sections, [key]: event.target.checked } })}
              data-testid={`digest-section-${key}`}
            />
            <span>{SECTION_LABELS[key]}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** One of the extra times: its slider and the button that takes it out. */
function MoreTime(props: {
  number: number;
  time: string;
  disabled: boolean;
  onChange: (time: string) => void;
  onRemove: () => void;
}) {
  const id = useId();
  const minutes = sliderMinutes(props.time);
  const shown = formatDigestTime(minutes);
  return (
    <div className="digest__field digest__more-time">
      <div className="digest__field-head">
        <label htmlFor={id} className="tune-form__label">
          time {props.number}
        </label>
        <output htmlFor={id} className="digest__time" data-testid={`digest-time-${props.number}-shown`}>
          {shown}
        </output>
        <button
          type="button"
          className="button button--ghost"
          onClick={props.onRemove}
          aria-label={`remove time ${props.number}`}
          data-testid={`digest-remove-time-${props.number}`}
        >
          remove
        </button>
      </div>
      <input
        id={id}
        className="digest__slider"
        type="range"
        min={0}
        max={DIGEST_LAST_MINUTE}
        step={DIGEST_STEP_MINUTES}
        value={minutes}
        aria-valuetext={shown}
        disabled={props.disabled}
        onChange={(event) => props.onChange(localTimeOf(Number(event.target.value)))}
        data-testid={`digest-time-${props.number}`}
      />
    </div>
  );
}

/** The days with `day` turned on or off, in the week's order. */
const withDay = (days: readonly DigestDay[], day: DigestDay, on: boolean): DigestDay[] =>
  DIGEST_DAYS.filter((d) => (d === day ? on : days.includes(d)));

import { useCallback, useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { useNavigate, useSearchParams } from "react-router-dom";
import { useAuth } from "../../lib/session.tsx";
import { FEED_KEY } from "../feed/index.ts";
import { clearLastFeedRefreshAt, setHasOnboarded, submitAims } from "./api.ts";
import { addTopics, parseTopics, topicsProblem } from "../topics/index.ts";
import { AIM_LIMITS } from "@graph/core/modules/topics/rules";
import { AIMS_PROMPT, TOPICS_PROMPT, hasTopicsDraft, hasUnbracketedAimText, parseAims } from "./onboarding.ts";
import { readStorage, removeStorage, storageKeys, writeStorage } from "../../lib/storage.ts";
import { Field } from "../../components/Field.tsx";
import { useToast } from "../../components/Toasts.tsx";
import { CopyPrompt } from "./CopyPrompt.tsx";
import { SubjectChoices } from "./SubjectChoices.tsx";
import "./onboarding.css";

type Step = "topics" | "aims";

export const TOPICS_FAILED = "failed to submit topics";
export const FINISH_FAILED = "An error occurred while finishing. Please try again.";
export const AIMS_LOCKED = "topics are required!";

/** How many parsed topics the preview shows before summarising the rest. */
const PREVIEW_LIMIT = 48;

/** A text draft kept in local storage under `key` until it is cleared. */
function useDraft(key: string | null): [string, (value: string) => void] {
  const [value, setValue] = useState(() => (key ? (readStorage(key) ?? "") : ""));
  const update = useCallback(
    (next: string) => {
      setValue(next);
      if (!key) return;
      if (next === "") removeStorage(key);
      else writeStorage(key, next);
    },
    [key],
  );
  return [value, update];
}

export function GettingStartedPage() {
  const auth = useAuth();
  const userId = auth.userId;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const toast = useToast();
  const [params, setParams] = useSearchParams();
  const [topicsDraft, setTopicsDraft] = useDraft(userId ? storageKeys.interests(userId) : null);
  const [aimsDraft, setAimsDraft] = useDraft(userId ? storageKeys.aims(userId) : null);
  const [busy, setBusy] = useState(false);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const topics = useMemo(() => parseTopics(topicsDraft), [topicsDraft]);
  const aims = useMemo(() => parseAims(aimsDraft), [aimsDraft]);
  const aimsUnlocked = hasTopicsDraft(topicsDraft);
  const step: Step = params.get("step") === "aims" && aimsUnlocked ? "aims" : "topics";
  const canSubmit = topics.length > 0 && !busy;

  const baseId = useId();
  const tabId = (s: Step) => `${baseId}-tab-${s}`;
  const panelId = `${baseId}-panel`;
  const topicsTab = useRef<HTMLButtonElement>(null);
  const aimsTab = useRef<HTMLButtonElement>(null);

  const goTo = useCallback(
    (next: Step) => {
      setParams(
        (prev) => {
          const p = new URLSearchParams(prev);
          if (next === "aims") p.set("step", "aims");
          else p.delete("step");
          return p;
        },
        { replace: false },
      );
    },
    [setParams],
  );

  const onTabKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key !== "ArrowLeft" && event.key !== "ArrowRight" && event.key !== "Home" && event.key !== "End") return;
    event.preventDefault();
    const target: Step =
      event.key === "Home" ? "topics" : event.key === "End" ? "aims" : step === "topics" ? "aims" : "topics";
    if (target === "aims" && !aimsUnlocked) return;
    goTo(target);
    (target === "aims" ? aimsTab : topicsTab).current?.focus();
  };

  const finish = async () => {
    if (!userId || !canSubmit) return;
    setBusy(true);
    try {
      await addTopics(topics);
    } catch {
      toast.alert(TOPICS_FAILED);
      if (mounted.current) setBusy(false);
      return;
    }
    try {
      if (aims.length > 0) await submitAims(aims);
      removeStorage(storageKeys.interests(userId));
      removeStorage(storageKeys.aims(userId));
      writeStorage(storageKeys.forceFeedRefresh(userId), "true");
      queryClient.removeQueries({ queryKey: [FEED_KEY] });
      await setHasOnboarded();
      await clearLastFeedRefreshAt();
      await auth.login();
      navigate("/home", { replace: true });
    } catch {
      toast.alert(FINISH_FAILED);
      if (mounted.current) setBusy(false);
    }
  };

  return (
    <section
      className="page page--narrow onboarding"
      aria-labelledby="getting-started-heading"
      data-testid="getting-started"
    >
      <header className="onboarding__intro">
        <p className="eyebrow">getting started</p>
        <h1 id="getting-started-heading" className="page__title">
          tell graph what you're into.
        </h1>
        <p className="lede">
          your topics decide what reaches your feed; your aims say what you're working towards. an AI chat that knows
          you can write both in a minute.
        </p>
        {/* What is typed here becomes the public profile: said before it is typed, not after. */}
        <p className="fine-print" data-testid="public-note">
          your topics and aims are public: your profile shows them as &ldquo;topics&rdquo; and &ldquo;about me&rdquo;.
          hide either section in tune → profile → advanced.
        </p>
      </header>

      <div className="segmented onboarding__tabs" role="tablist" aria-label="onboarding steps">
        <button
          ref={topicsTab}
          type="button"
          role="tab"
          id={tabId("topics")}
          aria-selected={step === "topics"}
          aria-controls={panelId}
          tabIndex={step === "topics" ? 0 : -1}
          className="segmented__option"
          data-testid="tab-topics"
          onClick={() => goTo("topics")}
          onKeyDown={onTabKeyDown}
        >
          set topics
        </button>
        <span className="tooltip onboarding__tab-wrap" data-tooltip={aimsUnlocked ? undefined : AIMS_LOCKED}>
          <button
            ref={aimsTab}
            type="button"
            role="tab"
            id={tabId("aims")}
            aria-selected={step === "aims"}
            aria-controls={panelId}
            aria-describedby={aimsUnlocked ? undefined : `${baseId}-aims-locked`}
            tabIndex={step === "aims" ? 0 : -1}
            disabled={!aimsUnlocked}
            className="segmented__option"
            data-testid="tab-aims"
            onClick={() => goTo("aims")}
            onKeyDown={onTabKeyDown}
          >
            set aims
          </button>
          {!aimsUnlocked && (
            <span id={`${baseId}-aims-locked`} className="visually-hidden">
              {AIMS_LOCKED}
            </span>
          )}
        </span>
      </div>

      <div role="tabpanel" id={panelId} aria-labelledby={tabId(step)} className="onboarding__panel">
        {step === "topics" ? (
          <TopicsStep draft={topicsDraft} onChange={setTopicsDraft} topics={topics} onNext={() => goTo("aims")} />
        ) : (
          <AimsStep draft={aimsDraft} onChange={setAimsDraft} aims={aims} />
        )}
      </div>

      <div className="onboarding__submit">
        <button
          type="button"
          className="button button--primary button--block"
          data-testid="onboarding-submit"
          disabled={!canSubmit}
          aria-busy={busy}
          onClick={() => void finish()}
        >
          {busy ? "loading..." : "submit and see my feed"}
        </button>
        <p className="fine-print">
          {topics.length === 0
            ? "add at least one topic to continue."
            : aims.length === 0
              ? "aims are optional. you can change topics and aims any time in tune."
              : "you can change topics and aims any time in tune."}
        </p>
      </div>
    </section>
  );
}

interface TopicsStepProps {
  draft: string;
  onChange: (value: string) => void;
  topics: string[];
  onNext: () => void;
}

function TopicsStep({ draft, onChange, topics, onNext }: TopicsStepProps) {
  const shown = topics.slice(0, PREVIEW_LIMIT);
  const more = topics.length - shown.length;
  const problem = topicsProblem(topics);
  return (
    <ol className="onboarding__steps">
      <li className="onboarding__step">
        <h2 className="onboarding__step-title">copy this prompt into the AI chat you use</h2>
        <CopyPrompt prompt={TOPICS_PROMPT} testId="copy-topics-prompt" label="topics prompt" />
        <SubjectChoices draft={draft} onChange={onChange} />
      </li>
      <li className="onboarding__step">
        <Field
          label="paste its answer here, or write your own"
          labelClassName="onboarding__step-title"
          hint="comma-separated. kept on this device until you submit."
        >
          {(control) => (
            <textarea
              {...control}
              data-testid="topics-input"
              rows={6}
              value={draft}
              placeholder="sourdough baking, tide pools, urban cycling, ..."
              spellCheck={false}
              onChange={(e) => onChange(e.target.value)}
            />
          )}
        </Field>
        <div className="topic-preview" aria-live="polite">
          <p className="topic-preview__count" data-testid="topics-count">
            {topics.length === 1 ? "1 topic" : `${topics.length} topics`}
          </p>
          {topics.length > 0 && (
            <ul className="chips" aria-label="topics to add" data-testid="topics-preview">
              {shown.map((topic) => (
                <li key={topic} className="chip">
                  {topic}
                </li>
              ))}
              {more > 0 && <li className="chip chip--more">+{more} more</li>}
            </ul>
          )}
          {problem && (
            <p className="fine-print onboarding__warning" data-testid="topics-problem">
              {problem}
            </p>
          )}
        </div>
      </li>
      {draft.trim() !== "" && (
        <li className="onboarding__step onboarding__step--next">
          <button type="button" className="button button--outline" onClick={onNext} data-testid="onboarding-next">
            next: set aims →
          </button>
        </li>
      )}
    </ol>
  );
}

interface AimsStepProps {
  draft: string;
  onChange: (value: string) => void;
  aims: string[];
}

function AimsStep({ draft, onChange, aims }: AimsStepProps) {
  const stray = hasUnbracketedAimText(draft);
  return (
    <ol className="onboarding__steps">
      <li className="onboarding__step">
        <h2 className="onboarding__step-title">copy this prompt into the AI chat you use</h2>
        <CopyPrompt prompt={AIMS_PROMPT} testId="copy-aims-prompt" label="aims prompt" />
      </li>
      <li className="onboarding__step">
        <Field
          label="paste its answer here, or write your own"
          labelClassName="onboarding__step-title"
          hint={`each aim in [brackets], comma-separated; up to ${AIM_LIMITS.maxAims}. kept on this device until you submit.`}
        >
          {(control) => (
            <textarea
              {...control}
              data-testid="aims-input"
              rows={5}
              value={draft}
              placeholder="[run a half marathon in the spring], [ship the side project], ..."
              onChange={(e) => onChange(e.target.value)}
            />
          )}
        </Field>
        <div className="topic-preview" aria-live="polite">
          <p className="topic-preview__count" data-testid="aims-count">
            {aims.length === 1 ? "1 aim" : `${aims.length} aims`}
          </p>
          {aims.length > 0 && (
            <ol className="aim-list" data-testid="aims-preview">
              {aims.map((aim, i) => (
                <li key={`${i}-${aim}`}>{aim}</li>
              ))}
            </ol>
          )}
          {stray && <p className="fine-print onboarding__warning">text outside [brackets] is ignored.</p>}
        </div>
      </li>
    </ol>
  );
}
